"""Play in the browser: a FastAPI server holding the true state of every table, a lobby
and a table per game drawn by plain HTML, CSS and JavaScript modules (``static/``).

``create_app(db)`` builds the application; ``tabletop serve`` (and ``make play``) runs it.
See docs/web.md.
"""

from .api import create_app

__all__ = ["create_app"]
