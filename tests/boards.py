#!/usr/bin/env python3
"""The open boards' pins, checked against amaranth-boards (the pinout source they cite).

    python3 tests/boards.py HLS_BUILD_BINARY

Reads `hls-build boards --json`, and for every board with pins finds the amaranth-boards
platform its part names, then compares the clock, UART and LED sites and I/O standards.
Prints one line per board; exit status 1 on any difference, 2 without amaranth-boards.
"""
import json
import subprocess
import sys

try:
    from amaranth_boards.ulx3s import ULX3S_25F_Platform, ULX3S_85F_Platform
    from amaranth_boards.versa_ecp5_5g import VersaECP55GPlatform
except ImportError as e:
    print(f"boards.py: amaranth-boards is missing ({e}): run `bash scripts/install-deps.sh`")
    sys.exit(2)

# part's device -> amaranth-boards platform, and the names of its resources we use
PLATFORMS = {
    "LFE5U-85F": (ULX3S_85F_Platform, "clk25"),
    "LFE5U-25F": (ULX3S_25F_Platform, "clk25"),
    "LFE5UM5G-45F": (VersaECP55GPlatform, "clk100"),
}


def site_and_io(resource, sub=None):
    """(pin site, IO_TYPE) of an amaranth resource or one of its subsignals."""
    r = resource
    if sub is not None:
        r = next(s for s in resource.ios if getattr(s, "name", None) == sub)
    pins = next(io for io in r.ios if hasattr(io, "names") or hasattr(io, "p"))
    names = pins.names if hasattr(pins, "names") else pins.p.names
    io_type = r.attrs.get("IO_TYPE") or resource.attrs.get("IO_TYPE")
    return names[0], io_type


def main():
    boards = json.loads(subprocess.run([sys.argv[1], "boards", "--json"], check=True,
                                       capture_output=True, text=True).stdout)
    bad = 0
    checked = 0
    for b in boards:
        if not b.get("pins"):
            continue
        device = "-".join(b["part"].split("-")[:2])
        cls, clk_name = PLATFORMS[device]
        p = cls()
        want = {
            "clock": site_and_io(p.lookup(clk_name, 0)),
            "uart_rx": site_and_io(p.lookup("uart", 0), "rx"),
            "uart_tx": site_and_io(p.lookup("uart", 0), "tx"),
            "led": site_and_io(p.lookup("led", 0)),
        }
        have = {k: (b["pins"][k]["site"], b["pins"][k]["io_type"]) for k in want}
        clock_mhz = p.lookup(clk_name, 0).clock.frequency / 1e6
        ok = want == have and abs(clock_mhz - b["pins"]["clock_mhz"]) < 1e-9
        checked += 1
        if ok:
            print(f"{b['name']}: pins match {cls.__name__}")
        else:
            bad += 1
            print(f"{b['name']}: pins {have} at {b['pins']['clock_mhz']} MHz, but {cls.__name__} "
                  f"says {want} at {clock_mhz} MHz")
    if checked < 2:
        print(f"boards.py: only {checked} boards with pins")
        sys.exit(1)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
