"""The comments of --mlir-print-value-users: after each op, the ops using its results
(`// users: %2, %3`), or its id when it has no results (`// id: %4`)."""
from __future__ import annotations


def _user_ids(pr, user):
    if not user.results:
        return "%" + str(pr.ns.op_ids.get(user, "<<UNKNOWN OPERATION>>"))
    return ", ".join(pr.value(r) for r in user.results)


def value_users(pr, value):
    """The users of `value`, most recent use first (MLIR's use-list order), each once."""
    seen = []
    for u in value.uses():
        if u.owner not in seen:
            seen.append(u.owner)
    return ", ".join(_user_ids(pr, o) for o in seen) if seen else "unused"


def users_comment(pr, op):
    results = op.results
    if not results:
        return " // id: " + _user_ids(pr, op) if op.operands else ""
    users = []
    for r in results:
        for u in r.uses():
            if u.owner not in users:
                users.append(u.owner)
    if not users:
        return " // unused"
    one = len(results) == 1 and len(users) == 1 and len(users[0].results) <= 1
    if len(results) == 1:
        body = value_users(pr, results[0])
    else:
        body = ", ".join("(" + value_users(pr, r) + ")" for r in results)
    return " // " + ("user" if one else "users") + ": " + body
