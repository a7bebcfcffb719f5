"""The form that names this phone (policy/device.py keeps the name in the phone's cookie), offered
on the scoreboard and in the history of changes."""

from __future__ import annotations

from werkzeug.wrappers import Response

from scorer.web.policy import device
from scorer.web.site.blueprint import bp

bp.app_context_processor(device.template_globals)


@bp.post("/device/name")
def name_phone() -> Response:
    """Give this phone its name (or, with "Not now", stop asking)."""
    form = device.DeviceNameForm(prefix=device.PREFIX)
    back = device.safe_back(form.back.data)
    if not form.validate_on_submit():
        return device.refused(form, back)
    return device.answer(form, back)
