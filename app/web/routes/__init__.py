"""One APIRouter per feature, each serving both its pages and its JSON.

Rule: a route module imports web's plumbing (deps, bodies, render, present, i18n, …) and the
rooms below; never another route module. Nothing but create_app imports a route module.
"""

from app.web.routes import (
    accounts,
    admin,
    authoring,
    export,
    health,
    interview,
    problems,
    progress,
    qa,
    review,
    sets,
    submissions,
)

# In the order create_app includes them (no two of them serve one path).
ROUTERS = [
    health.router,
    problems.router,
    submissions.router,
    progress.router,
    accounts.router,
    export.router,
    admin.router,
    authoring.router,
    sets.router,
    review.router,
    interview.router,
    qa.api_router,
    qa.page_router,
]
