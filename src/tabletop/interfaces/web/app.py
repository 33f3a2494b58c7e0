"""The web application under its usual module name: ``create_app`` (:mod:`.api`), as
``uvicorn --factory tabletop.interfaces.web.app:create_app`` and an import check of the
web tier name it (``tabletop serve`` and ``make play`` go through :mod:`.serve`)."""

from .api import create_app

__all__ = ["create_app"]
