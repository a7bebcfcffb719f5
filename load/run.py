"""`make load`: the table mix of load/locustfile.py against the production server, then the database
checked: on the server `make run` starts (granian, two worker processes a core) with a throwaway SQLite file, then on two processes (two ports)
sharing one throwaway PostgreSQL server, the load split between them.

    python load/run.py                      # both, 60 s each, 30 scorekeepers and 60 watchers
    python load/run.py --only sqlite --watchers 0 --seconds 30
    python load/run.py --profile club       # a club night: 50 tables, a deal each every 20 s, 200
                                            # watchers, the director's screen on 2 browsers, 90 s

Only 127.0.0.1 is ever a target. Exit status 1 if any request failed or the check found a problem.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "postgres"))  # pgserver: the suite's throwaway PostgreSQL
sys.path.insert(0, str(ROOT / "load"))

from check import check, read_results  # noqa: E402
from pgserver import create_database, drop_database, throwaway_server  # noqa: E402

from scorer.web.serving.serve import free_port, wait_until_listening  # noqa: E402

SHOWN = ["save", "deal form", "scoreboard", "scoreboard (watcher)", "version poll", "screen poll", "screen", "join",
         "Aggregated"]
# The user classes of load/locustfile.py each profile runs.
PROFILES = {"tables": ["Keeper", "Watcher"], "club": ["Organiser", "Table", "ClubWatcher", "Screen"]}


def family(pid: int) -> list[int]:
    """The process and its children (the server's worker processes), as /proc lists them."""
    children: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            children += [int(child) for child in (task / "children").read_text().split()]
    return [pid, *children]


def cpu_by_process(pid: int) -> dict[int, float]:
    """CPU seconds so far of the server's process and of each of its workers."""
    found = {}
    for member in family(pid):
        with contextlib.suppress(OSError):
            found[member] = cpu_seconds(member)
    return found


def cpu_used(before: dict[int, float], after: dict[int, float]) -> dict[int, float]:
    """CPU seconds each process used between two readings (a worker started since: all of its)."""
    return {pid: after[pid] - before.get(pid, 0.0) for pid in after}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def setup_database(env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "-m", "scorer.web.serving.setup_db"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)


@contextmanager
def server(env: dict[str, str], log: Path) -> Iterator[tuple[str, int]]:
    """``python -m scorer.web.serving.serve`` on 127.0.0.1, exactly as `make run` starts it (granian,
    two worker processes a core): (URL, the server's pid)."""
    port = free_port()
    with open(log, "w") as out:
        process = subprocess.Popen([sys.executable, "-m", "scorer.web.serving.serve", "--host", "127.0.0.1", "--port", str(port)],
                                   cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            if not wait_until_listening(port, process):
                raise SystemExit(f"the server did not start; see {log}")
            yield f"http://127.0.0.1:{port}", process.pid
        finally:
            process.terminate()
            process.wait(timeout=15)


def run_locust(hosts: list[str], args: argparse.Namespace, folder: Path) -> tuple[Path, Path, float]:
    """Run the profile against ``hosts``: the results file, locust's figures, and the CPU seconds the
    load generator itself used (on the same cores as the server)."""
    results, prefix = folder / "results.jsonl", folder / "locust"
    env = {**os.environ, "LOAD_HOSTS": ",".join(hosts), "LOAD_RESULTS": str(results),
           "LOAD_KEEPERS": str(args.keepers), "LOAD_WATCHERS": str(args.watchers), "LOAD_TABLES": str(args.tables),
           "LOAD_SCREENS": str(args.screens), "LOAD_DEAL_SECONDS": str(args.deal_seconds), "PYTHONPATH": str(ROOT)}
    users = (args.keepers + args.watchers if args.profile == "tables"
             else 1 + args.tables + args.watchers + args.screens)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    ran = subprocess.run([sys.executable, "-m", "locust", "-f", str(ROOT / "load" / "locustfile.py"), "--headless",
                    "--host", hosts[0], "-u", str(users), "-r", str(max(users // 2, 1)), "-t", f"{args.seconds}s",
                    "--stop-timeout", "10", "--only-summary", "--csv", str(prefix), "--loglevel", "ERROR",
                    "--csv-full-history", *PROFILES[args.profile]],
                   cwd=ROOT, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_cpu = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    broken = [line for line in ran.stderr.splitlines() if "Error" in line or "Traceback" in line]
    if broken:  # a user's own code failing is no failed request: say so, or the figures mislead
        print("the load generator's users raised: " + "; ".join(dict.fromkeys(broken))[:600])
    if args.history:  # the percentiles second by second, to see when the slow requests came
        shutil.copyfile(f"{prefix}_stats_history.csv", args.history.with_name(f"{args.history.stem}-{len(hosts)}{args.history.suffix}"))
    return results, Path(f"{prefix}_stats.csv"), load_cpu


def who(args: argparse.Namespace) -> str:
    if args.profile == "club":
        return (f"a club night: {args.tables} tables, a deal each every {args.deal_seconds:g} s, {args.watchers} watchers, "
                f"{args.screens} director's screens, {args.seconds} s")
    return f"{args.keepers} scorekeepers, {args.watchers} watchers, {args.seconds} s"


def report(title: str, stats_csv: Path, results: Path, database_url: str, used: dict[int, float], seconds: int,
           load_cpu: float) -> bool:
    """Print the latencies and the check; True when there were no errors and nothing lost or doubled."""
    rows = {row["Name"]: row for row in csv.DictReader(stats_csv.open())} if stats_csv.exists() else {}
    print(f"\n== {title} ==")
    print(f"{'request':<22}{'count':>8}{'errors':>8}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    for name in SHOWN:
        row = rows.get(name)
        if row:
            print(f"{name:<22}{row['Request Count']:>8}{row['Failure Count']:>8}{float(row['Requests/s']):>8.1f}"
                  f"{row['50%']:>9}{row['95%']:>9}{row['99%']:>9}")
    total = rows.get("Aggregated")
    failures = int(total["Failure Count"]) if total else -1
    requests = int(total["Request Count"]) if total else 0
    settled = settled_p99(Path(str(stats_csv).replace("_stats.csv", "_stats_history.csv")))
    if settled:
        print(f"after the first {SETTLING} s (every phone arriving, the tables joining), the worst p99 of a "
              f"{WINDOW} s window: " + ", ".join(f"{name} {settled[name]} ms" for name in SHOWN if name in settled))
    cpu = sum(used.values())
    print(f"server CPU: {cpu:.1f} s over {seconds} s ({1000 * cpu / max(requests, 1):.2f} ms a request); by process: "
          + ", ".join(f"{pid} {seconds_used:.1f} s" for pid, seconds_used in sorted(used.items())))
    print(f"the load generator's CPU on the same cores: {load_cpu:.1f} s")
    summary_file = Path(str(results) + ".summary.json")
    summary = json.loads(summary_file.read_text()) if summary_file.exists() else {}
    saved = read_results(results)
    problems = check(database_url, saved)
    print(f"matches started: {summary.get('matches', '?')}, deals answered saved: {len(saved)}, "
          f"scoreboard changes seen by watchers: {summary.get('changes_seen', '?')}")
    if failures:
        print(f"ERRORS: {failures} failed requests (or no statistics at all)")
        failed = Path(str(stats_csv).replace("_stats.csv", "_failures.csv"))
        for row in csv.DictReader(failed.open()) if failed.exists() else []:
            print(f"  {row['Occurrences']} x {row['Method']} {row['Name']}: {row['Error']}"[:300])
    if not saved:
        problems.append("no deal was saved at all")
    for problem in problems[:20]:
        print(f"PROBLEM: {problem}")
    print("database check: " + ("every deal answered saved is stored exactly once, nothing else"
                                if not problems else f"{len(problems)} problems"))
    return failures == 0 and not problems


SETTLING = 20  # seconds: the load generator starts every phone within 2 s, and a club's tables join at once
WINDOW = 10    # seconds: locust's percentiles by the second are over its last 10 s


def settled_p99(history: Path) -> dict[str, int]:
    """Each request's worst p99 over locust's windows once the start has settled (its history file:
    the percentiles of the last ``WINDOW`` seconds, written every second)."""
    if not history.exists():
        return {}
    with history.open() as lines:
        rows = list(csv.DictReader(lines))
    if not rows:
        return {}
    start = min(int(row["Timestamp"]) for row in rows)
    worst: dict[str, int] = {}
    for row in rows:
        if int(row["Timestamp"]) - start >= SETTLING + WINDOW and row["99%"] not in ("", "N/A"):
            worst[row["Name"]] = max(worst.get(row["Name"], 0), int(float(row["99%"])))
    return {name: p99 for name, p99 in worst.items() if p99 > 0 and name != "Aggregated"}  # 0: none in any window


def server_errors(folder: Path) -> None:
    """The last error of each server's log, when something failed."""
    for log in sorted(folder.glob("server*.log")):
        lines = [line for line in log.read_text(errors="replace").splitlines()
                 if "Error" in line and not line.startswith(("(Background", "[SQL", "[parameters"))]
        if lines:
            print(f"  {log.name}: {lines[-1][:300]}")


def sqlite_run(args: argparse.Namespace, folder: Path) -> bool:
    database = f"sqlite:///{folder / 'load.sqlite'}"
    env = {**os.environ, "DATABASE_URL": database, "SECRET_KEY": secrets.token_hex(16), "SCORER_BACKUPS": "off",
           "PYTHONPATH": str(ROOT), "SCORER_INSTANCE": str(folder)}  # the load's files beside its data, not in instance/
    setup_database(env)
    with server(env, folder / "server.log") as (url, pid):
        before = cpu_by_process(pid)
        results, stats, load_cpu = run_locust([url], args, folder)
        used = cpu_used(before, cpu_by_process(pid))
    ok = report(f"make run's server ({len(used) - 1} workers), SQLite: {who(args)}", stats, results, database, used,
                args.seconds, load_cpu)
    if not ok:
        server_errors(folder)
    return ok


def postgres_run(args: argparse.Namespace, folder: Path) -> bool:
    with throwaway_server("-c max_connections=100") as pg:
        name, database = create_database(pg, prefix="load_")
        try:
            env = {**os.environ, "DATABASE_URL": database, "SECRET_KEY": secrets.token_hex(16), "SCORER_BACKUPS": "off",
           "PYTHONPATH": str(ROOT), "SCORER_INSTANCE": str(folder)}  # the load's files beside its data, not in instance/
            setup_database(env)
            with ExitStack() as stack:
                servers = [stack.enter_context(server(env, folder / f"server-{i}.log")) for i in range(2)]
                before = [cpu_by_process(pid) for _, pid in servers]
                results, stats, load_cpu = run_locust([url for url, _ in servers], args, folder)
                used = {pid: cpu for was, (_, main) in zip(before, servers, strict=True)
                        for pid, cpu in cpu_used(was, cpu_by_process(main)).items()}
            ok = report(f"two servers of make run's workers, one PostgreSQL: {who(args)}", stats, results, database, used,
                        args.seconds, load_cpu)
            if not ok:
                server_errors(folder)
            return ok
        finally:
            drop_database(pg, name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The bounded load test of `make load`.")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="tables",
                        help="tables: scorekeepers saving as fast as they can, and watchers; club: a club night")
    parser.add_argument("--seconds", type=int, help="60; a club night 90")
    parser.add_argument("--keepers", type=int, default=30)
    parser.add_argument("--watchers", type=int, help="60; at a club night 200")
    parser.add_argument("--tables", type=int, default=50, help="a club night's tables")
    parser.add_argument("--screens", type=int, default=2, help="browsers showing the director's screen")
    parser.add_argument("--deal-seconds", type=float, default=20.0, help="how often each table records a deal")
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    parser.add_argument("--history", type=Path, help="keep locust's second-by-second figures in this CSV file "
                        "(-1 for SQLite's run, -2 for PostgreSQL's before its suffix)")
    args = parser.parse_args(argv)
    club = args.profile == "club"
    args.seconds = args.seconds or (90 if club else 60)
    args.watchers = args.watchers if args.watchers is not None else (200 if club else 60)
    ok = True
    for kind, run in (("sqlite", sqlite_run), ("postgres", postgres_run)):
        if args.only in (None, kind):
            with tempfile.TemporaryDirectory(prefix=f"ninety-nine-load-{kind}-") as folder:
                ok = run(args, Path(folder)) and ok
    print("\nmake load: " + ("passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
