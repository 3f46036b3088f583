#!/usr/bin/env python3
"""hls-build's modulo scheduler against an existing one on the same problems: the modulo
scheduler of IREE Turbine's Wave compiler (PyPI `iree-turbine` 3.3.0,
iree/turbine/kernel/wave/scheduling/modulo_scheduling.py: Lam-style, SCCs scheduled in
topological order, II raised from max(ResII, RecII) until all fit).

    cargo build --release && python3 bench/compare_wave.py [--limit 60]

(needs numpy and sympy; the wheel is fetched with `pip download` into target/bench-cache.)

The problems are every pipelined loop of tests/kernels (OUT/schedules.json) and the
synthetic loops, translated exactly: one node per operation with a one-row reservation
table of the resources it takes, one edge per dependence (delay = latency, iteration
difference = distance), an edge of delay 1 for each combinational chain longer than the
clock period, and an "issue" resource of one unit that the loop's issue operation takes
(one iteration starts per II). Wave keeps one weight per node pair, so a second dependence
between the same two operations goes through a resource-free pass-through node. Every
Wave schedule is checked by hls-build's verifier (`problems verify`), shifted so that the
issue operation starts at cycle 0.

Wave's two files run unmodified. They import parts of the Wave compiler that this
scheduler does not use at run time (torch.fx, for type annotations only; the symbolic
index helpers; the logger), so stand-in modules provide those names; nothing in the
algorithm is replaced."""
import argparse
import importlib.util
import json
import logging
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import types
import zipfile

root = pathlib.Path(__file__).resolve().parent.parent
cache = root / "target/bench-cache"
WHEEL = "iree_turbine-3.3.0-py3-none-any.whl"
SCHED = "iree/turbine/kernel/wave/scheduling/"


def wave_sources():
    """graph_utils.py and modulo_scheduling.py from the PyPI wheel, extracted once."""
    d = cache / "wave"
    if not (d / "modulo_scheduling.py").exists():
        cache.mkdir(parents=True, exist_ok=True)
        if not (cache / WHEEL).exists():
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q",
                            "iree-turbine==3.3.0", "-d", str(cache)], check=True)
        d.mkdir(exist_ok=True)
        with zipfile.ZipFile(cache / WHEEL) as z:
            for f in ("graph_utils.py", "modulo_scheduling.py"):
                (d / f).write_bytes(z.read(SCHED + f))
    return d


def load_wave():
    import numpy as np
    import sympy

    def stub(name, **attrs):
        m = types.ModuleType(name)
        m.__dict__.update(attrs)
        m.__path__ = []  # importable as a package
        sys.modules[name] = m
        return m

    stub("torch")
    stub("torch.fx", Graph=object, Node=object)
    sys.modules["torch"].fx = sys.modules["torch.fx"]
    for p in ("iree", "iree.turbine", "iree.turbine.support", "iree.turbine.kernel",
              "iree.turbine.kernel._support", "iree.turbine.kernel.wave"):
        stub(p)
    stub("iree.turbine.support.logging", get_logger=logging.getLogger)
    stub("iree.turbine.kernel._support.indexing",
         index_symbol=lambda n: sympy.Symbol(n, integer=True), IndexExpr=sympy.Expr)
    stub("iree.turbine.kernel.wave.utils", safe_subs=lambda e, s: e.subs(s))
    pkg = "iree.turbine.kernel.wave.scheduling"
    stub(pkg).__path__ = [str(wave_sources())]
    stub(pkg + ".resources", np=np)  # graph_utils takes `np` from `resources import *`
    mods = {}
    for name in ("graph_utils", "modulo_scheduling"):
        spec = importlib.util.spec_from_file_location(f"{pkg}.{name}",
                                                      wave_sources() / f"{name}.py")
        mods[name] = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mods[name]
        spec.loader.exec_module(mods[name])
    return mods["graph_utils"], mods["modulo_scheduling"]


class Node:
    """What Wave's scheduler reads of a torch.fx node."""

    def __init__(self, name, rrt):
        self.name, self.rrt = name, rrt
        self.users, self.all_input_nodes = {}, []

    def __repr__(self):
        return self.name


def run_wave(problem_file, out_file):
    import numpy as np

    gu, ms = load_wave()
    dumped = json.loads(pathlib.Path(problem_file).read_text())
    p = dumped["problem"]
    limits = [r["limit"] for r in p["resources"]] + [1]  # last: the iteration issue
    issue = len(limits) - 1
    nodes = []
    for o in p["ops"]:
        row = np.zeros((1, len(limits)))
        for r, units in o["uses"]:
            row[0, r] += units
        if o["pinned"] is not None:
            row[0, issue] += 1
        nodes.append(Node(o["name"], row))
    edges, seen = [], set()

    def edge(a, b, distance, delay):
        edges.append(gu.Edge(a, b, gu.EdgeWeight(distance, delay)))
        a.users[b] = None
        b.all_input_nodes.append(a)

    deps = [(d["src"], d["dst"], d["distance"], d["latency"]) for d in p["deps"]]
    deps += [(u, v, 0, 1) for u, v in dumped["chain_breaks"]]
    for src, dst, distance, delay in deps:
        a, b = nodes[src], nodes[dst]
        if (src, dst) in seen:  # one weight per pair in Wave: pass through a new node
            mid = Node(f"via{len(nodes)}", np.zeros((1, len(limits))))
            nodes.append(mid)
            edge(a, mid, distance, delay)
            edge(mid, b, 0, 0)
        else:
            seen.add((src, dst))
            edge(a, b, distance, delay)
    graph = types.SimpleNamespace(nodes=nodes)
    sys.setrecursionlimit(100000)
    scheduler = ms.ModuloScheduler(graph, edges, limits)
    began = time.perf_counter()
    schedule, ok = scheduler.schedule_graph()
    elapsed = (time.perf_counter() - began) * 1e3
    n = len(p["ops"])
    start = [schedule[nodes[i]] for i in range(n)]
    pinned = [i for i in range(n) if p["ops"][i]["pinned"] is not None]
    shift = (p["ops"][pinned[0]]["pinned"] - start[pinned[0]]) if pinned else -min(start)
    pathlib.Path(out_file).write_text(json.dumps(
        {"ii": scheduler.initiation_interval, "start": [s + shift for s in start],
         "ms": elapsed, "ok": bool(ok)}))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--limit", type=float, default=60, help="seconds per problem for Wave")
    ap.add_argument("--run-wave", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.run_wave:
        return run_wave(*args.run_wave)
    wave_sources()
    problems_bin = root / "target/release/examples/problems"
    subprocess.run(["cargo", "build", "-q", "--release", "-p", "scheduler", "--example",
                    "problems"], cwd=root, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        outs = compile_kernels(args.hls_build, tmp)
        dump = pathlib.Path(tmp, "problems")
        dump.mkdir()
        solved = subprocess.run([str(problems_bin), "solve", "--synthetic", "--dump", str(dump)]
                                + outs, capture_output=True, text=True, check=True)
        print("| problem | ops | MII | hls-build II | ms | Wave II | ms | Wave schedule |")
        print("|---|---|---|---|---|---|---|---|")
        rows = []
        for line in solved.stdout.splitlines():
            h = json.loads(line)
            out = pathlib.Path(tmp, "wave.json")
            out.unlink(missing_ok=True)
            try:
                r = subprocess.run([sys.executable, __file__, "--run-wave", h["file"], str(out)],
                                   capture_output=True, text=True, timeout=args.limit)
                failed = None if r.returncode == 0 else r.stderr.strip().splitlines()[-1][:80]
            except subprocess.TimeoutExpired:
                failed = f"no schedule in {args.limit:.0f} s"
            if failed:
                w_ii, w_ms, verdict = "—", "—", failed
            else:
                w = json.loads(out.read_text())
                early = [t for t in w["start"] if t < 0]
                if early:
                    # Every operation of an iteration starts at or after its issue (cycle 0).
                    verdict = (f"fails: {len(early)} ops start up to {-min(early)} cycles "
                               "before the iteration issue")
                else:
                    v = subprocess.run([str(problems_bin), "verify", h["file"], str(out)],
                                       capture_output=True, text=True)
                    verdict = ("verified" if v.returncode == 0
                               else "fails: " + (v.stdout + v.stderr).strip()[:90])
                w_ii, w_ms = str(w["ii"]), f"{w['ms']:.1f}"
            rows.append((h, w_ii, verdict))
            print(f"| {h['name']} | {h['ops']} | {h['mii']} | {h['ii']} | {h['ms']:.1f} | "
                  f"{w_ii} | {w_ms} | {verdict} |", flush=True)
        same = sum(1 for h, w, v in rows if w == str(h["ii"]) and v == "verified")
        print(f"\n{len(rows)} problems; hls-build II = MII on "
              f"{sum(h['ii'] == h['mii'] for h, _, _ in rows)}; Wave: verified schedule at "
              f"hls-build's II on {same}, verified {sum(v == 'verified' for _, _, v in rows)}.")


def compile_kernels(hls_build, tmp):
    outs = []
    for f in sorted((root / "tests/kernels").glob("*.cl")):
        probe = subprocess.run([hls_build, "compile", str(f), "-o", f"{tmp}/probe"],
                               capture_output=True, text=True)
        m = re.search(r"several kernels \(([^)]*)\)", probe.stderr)
        for k in (m.group(1).split(", ") if m else [None]):
            out = pathlib.Path(tmp, f"{f.stem}-{k}")
            cmd = [hls_build, "compile", str(f), "-o", str(out)] + (["--kernel", k] if k else [])
            if subprocess.run(cmd, capture_output=True, text=True).returncode == 0:
                outs.append(str(out / "schedules.json"))
    return outs


if __name__ == "__main__":
    main()
