"""The clients of the core: the command line (cli); later the web server and the
research environments. They see a game only through the core contract."""
