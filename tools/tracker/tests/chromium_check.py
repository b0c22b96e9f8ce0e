#!/usr/bin/python3
"""Checks a rendered HTML tracker in headless Chromium against its tracker JSON.

    chromium_check.py TRACKER.json [TRACKER.json...] TRACKER.html [--screenshot PNG]

Opens the page in Debian's `chromium` (headless, no network needed), reads the matrix cells from
the DOM the browser built, and compares each cell's data-passed/data-total and its visible
"passed/total" text with the numbers counted from the JSON (passed = pass + xpass, total = every
result of the family). Rows are the implementation runs of the JSON files in the order given (a
library measured on two machines has a row for each: `tracker publish` of several files). Then, in a 1280 px wide window, checks that every column is reachable: the
page itself does not overflow sideways, the matrix scrolls inside its box, and scrolled to its
right end the last family's column is in view with the implementation column still fixed at the
box's left edge (measured by a script added to a copy of the page). Saves a screenshot at that
width, by default tracker.png next to the HTML.

Exit status: 0 the page matches, 1 it does not, 2 bad usage or input, 77 chromium is missing
(the code test drivers read as "skipped"). Standard library only.
"""

import argparse
import html
import html.parser
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

PASSING = {"pass", "xpass"}


def expected_cells(trackers):
    """(row, implementation, family) -> (passed, total), empty cells included as (0, 0)."""
    # Pair runs (a handshake with "peer") are the DLPack table under the matrix, not rows.
    runs = [run for tracker in trackers for run in tracker["implementations"]
            if "peer" not in run["handshake"]]
    families = {result["family"] for run in runs for result in run["results"]}
    cells = {}
    for row, run in enumerate(runs):
        implementation = run["handshake"]["implementation"]
        for family in families:
            cells[(row, implementation, family)] = (0, 0)
        for result in run["results"]:
            key = (row, implementation, result["family"])
            passed, total = cells[key]
            cells[key] = (passed + (result["status"] in PASSING), total + 1)
    return cells


class CellParser(html.parser.HTMLParser):
    """Collects the matrix cells and the text of each cell's first class="numbers" span."""

    def __init__(self):
        super().__init__()
        self.cells = {}
        self._current = None
        self._in_numbers = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "td" and "cell" in classes:
            # id="cell-<row>-<family>": the row tells two runs of one implementation apart.
            row = (attributes.get("id") or "").split("-")[1:2]
            key = (int(row[0]) if row and row[0].isdigit() else -1,
                   attributes.get("data-implementation"), attributes.get("data-family"))
            self._current = {
                "passed": int(attributes.get("data-passed", -1)),
                "total": int(attributes.get("data-total", -1)),
                "shown": None,
            }
            self.cells[key] = self._current
        elif tag == "span" and "numbers" in classes and self._current is not None:
            self._in_numbers = self._current["shown"] is None

    def handle_endtag(self, tag):
        if tag == "span":
            self._in_numbers = False
        elif tag == "td":
            self._current = None

    def handle_data(self, data):
        if self._in_numbers:
            self._current["shown"] = (self._current["shown"] or "") + data


WIDTH = 1280

# Added to a copy of the page (never to the page itself): measures the layout once loaded and
# writes it into the DOM, which --dump-dom returns.
MEASURE = """<script>
window.addEventListener('load', function () {
  var box = document.getElementById('matrix-box');
  var r = {viewport: window.innerWidth, page: document.documentElement.scrollWidth};
  if (box) {
    r.box = box.clientWidth; r.content = box.scrollWidth;
    box.scrollLeft = box.scrollWidth;
    var b = box.getBoundingClientRect();
    var heads = document.querySelectorAll('#matrix thead th');
    var last = heads[heads.length - 1].getBoundingClientRect();
    var first = document.querySelector('#matrix tbody th.implementation');
    r.last_visible = last.right <= b.right + 1 && last.left >= b.left - 1;
    r.implementation_fixed = first !== null &&
        Math.abs(first.getBoundingClientRect().left - b.left) <= 2;
  }
  var out = document.createElement('pre');
  out.id = 'adc-layout';
  out.textContent = JSON.stringify(r);
  document.body.appendChild(out);
});
</script>"""


def layout_problems(chromium, profile, page):
    """What keeps a column out of reach at WIDTH px, as sentences (empty: none)."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = pathlib.Path(scratch) / page.name
        copy.write_text(page.read_text().replace("</body>", MEASURE + "</body>"))
        dumped = run_chromium(chromium, profile, ["--hide-scrollbars",
                                                  f"--window-size={WIDTH},1000", "--dump-dom"],
                              copy)
    text = dumped.stdout
    start = text.find('<pre id="adc-layout">')
    if start < 0:
        return [f"the layout was not measured: {dumped.stderr.strip()[:300]}"]
    found = json.loads(html.unescape(text[start + len('<pre id="adc-layout">'):
                                          text.find("</pre>", start)]))
    problems = []
    if found["page"] > found["viewport"]:
        problems.append(f"at {WIDTH} px the page is {found['page']} px wide: it overflows "
                        "sideways instead of scrolling the matrix in its box")
    if "box" not in found:
        return problems + ["no matrix box (id matrix-box) in the page"]
    if not found["last_visible"]:
        problems.append("scrolled to the right end, the matrix box does not show the last column")
    if not found["implementation_fixed"]:
        problems.append("scrolled to the right end, the implementation column is not fixed at "
                        "the box's left edge")
    return problems


def run_chromium(chromium, profile, arguments, page):
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run",
               f"--user-data-dir={profile}", *arguments, page.resolve().as_uri()]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def compare(expected, found):
    problems = []
    if len(found) != len(expected):
        problems.append(f"{len(found)} cells in the page, {len(expected)} expected")
    for key, (passed, total) in sorted(expected.items()):
        cell = found.get(key)
        if cell is None:
            problems.append(f"no cell for {key[1]} (row {key[0]}) x {key[2]}")
            continue
        shown = f"{passed}/{total}" if total else "-"
        if (cell["passed"], cell["total"], cell["shown"]) != (passed, total, shown):
            problems.append(f"{key[1]} (row {key[0]}) x {key[2]}: page has {cell['passed']}/{cell['total']}"
                            f" shown as {cell['shown']!r}, JSON says {shown}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tracker_json", type=pathlib.Path, nargs="+")
    parser.add_argument("tracker_html", type=pathlib.Path)
    parser.add_argument("--screenshot", type=pathlib.Path,
                        help="where to save the screenshot (default: tracker.png next to the HTML)")
    args = parser.parse_args()

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("chromium_check: chromium is not installed (apt-get install chromium)",
              file=sys.stderr)
        return 77
    try:
        expected = expected_cells([json.loads(path.read_text()) for path in args.tracker_json])
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"chromium_check: {' '.join(map(str, args.tracker_json))}: {error}",
              file=sys.stderr)
        return 2
    if not args.tracker_html.is_file():
        print(f"chromium_check: {args.tracker_html}: no such file", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory() as profile:
        dumped = run_chromium(chromium, profile, ["--dump-dom"], args.tracker_html)
        if dumped.returncode != 0:
            print(f"chromium_check: chromium failed: {dumped.stderr.strip()}", file=sys.stderr)
            return 1
        cell_parser = CellParser()
        cell_parser.feed(dumped.stdout)
        problems = compare(expected, cell_parser.cells)
        problems += layout_problems(chromium, profile, args.tracker_html)

        screenshot = args.screenshot or args.tracker_html.with_name("tracker.png")
        shot = run_chromium(chromium, profile,
                            ["--hide-scrollbars", f"--window-size={WIDTH},1000",
                             f"--screenshot={screenshot.resolve()}"], args.tracker_html)
        if shot.returncode != 0 or not screenshot.is_file():
            problems.append(f"no screenshot at {screenshot}: {shot.stderr.strip()}")

    for problem in problems:
        print(f"chromium_check: {problem}", file=sys.stderr)
    if not problems:
        print(f"chromium_check: {len(expected)} cells match"
              f" {' '.join(map(str, args.tracker_json))};"
              f" screenshot {screenshot}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
