"""The web API's routes, by what they serve (create_app in ..api puts them together)."""
