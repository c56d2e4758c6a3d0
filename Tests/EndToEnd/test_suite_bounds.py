"""The suite itself never hangs (issue 9, "A suite that never hangs"): every
wait in Tests/EndToEnd has a bound. pytest-timeout (set up in conftest.py)
ends any test that runs too long; this test keeps the waits inside the tests
bounded too, so that a stuck wait fails at once with a message saying what it
waited for, instead of eating the whole per-test limit.

It reads the suite's Python and flags:
- a subprocess call (run, call, check_call, check_output), a process's
  wait() or communicate() without a timeout;
- a readline() on a pipe outside drover_session.read_line (which selects
  with a timeout first);
- a `while` loop that names no deadline, unless listed below with the reason
  it cannot wait for ever."""

import ast
from pathlib import Path

SUITE = Path(__file__).resolve().parent

SUBPROCESS_CALLS = {"run", "call", "check_call", "check_output"}
PROCESS_WAITS = {"wait", "communicate"}

# (file, enclosing function) -> why its `while` loop ends on its own.
BOUNDED_LOOPS = {
    ("test_accessibility_paths.py", "heard_added"):
        "GLib's iteration(False) never blocks: the loop drains the events already pending",
    ("test_export.py", "count"):
        "GLib's iteration(False) never blocks: the loop drains the events already pending",
    ("test_large_text.py", "clipped"):
        "it climbs from a node to its ancestors, and every chain of parents ends at the application",
}


def python_files():
    return sorted(SUITE.glob("*.py")) + sorted((SUITE / "peers").glob("*.py"))


def function_of(node, parents):
    """The name of the function `node` is in, if any."""
    parent = parents.get(node)
    if parent is None or isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return parent and parent.name
    return function_of(parent, parents)


def has_keyword(call, name):
    return any(keyword.arg == name for keyword in call.keywords)


def names_a_deadline(loop):
    return any(isinstance(node, ast.Name) and "deadline" in node.id for node in ast.walk(loop))


def unbounded_waits(path, root=SUITE):
    tree = ast.parse(path.read_text(), filename=str(path))
    parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
    problems = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(root)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method, owner = node.func.attr, node.func.value
            if isinstance(owner, ast.Name) and owner.id == "subprocess" and method in SUBPROCESS_CALLS \
                    and not has_keyword(node, "timeout"):
                problems.append(f"{where}: subprocess.{method} without a timeout")
            elif method in PROCESS_WAITS and not node.args and not has_keyword(node, "timeout"):
                problems.append(f"{where}: .{method}() without a timeout")
            elif method == "readline" and function_of(node, parents) != "read_line":
                problems.append(f"{where}: readline() without a timeout (use drover_session.read_line)")
        elif isinstance(node, ast.While) and not names_a_deadline(node):
            if (path.name, function_of(node, parents)) not in BOUNDED_LOOPS:
                problems.append(f"{where}: a while loop with no deadline")
    return problems


def test_every_wait_in_the_suite_has_a_bound():
    problems = [problem for path in python_files() for problem in unbounded_waits(path)]
    assert problems == [], "unbounded waits:\n" + "\n".join(problems)


def test_the_check_finds_unbounded_waits(tmp_path):
    """The check above can fail: each kind of unbounded wait is caught."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import subprocess\n"
        "def f(process, pipe):\n"
        "    subprocess.run(['xdotool', 'search', '--sync'])\n"
        "    process.wait()\n"
        "    process.communicate()\n"
        "    pipe.readline()\n"
        "    while True:\n"
        "        pass\n"
        "    subprocess.run(['true'], timeout=5)\n"
        "    process.wait(timeout=5)\n")
    problems = unbounded_waits(sample, root=tmp_path)
    assert sorted(problem.split(": ", 1)[0] for problem in problems) == [
        "sample.py:3", "sample.py:4", "sample.py:5", "sample.py:6", "sample.py:7"], problems
