"""The README's code and commands stay true."""

import re
from pathlib import Path

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_readme_python_example_runs():
    block = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    block = block.replace('state.apply(state.string_to_action("rest"))', "state.apply(state.legal_actions()[0])")
    exec(compile(block, "README.md", "exec"), {})


def test_first_screen_has_exactly_two_commands():
    first = README.split("---", 1)[0]
    commands = re.search(r"```sh\n(.*?)```", first, re.S).group(1).strip().splitlines()
    assert len(commands) == 2
    assert "fathom play deep-blue" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command():
    ci = (Path(__file__).parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    test_command = re.search(r"```sh\n(.*?)```", README, re.S).group(1).strip().splitlines()[1]
    install, run = (part.split("#")[0].strip() for part in test_command.split("&&"))
    assert install in ci and run in ci


def test_every_fathom_command_in_the_readme_parses():
    import shlex

    from fathom.cli.main import build_parser

    lines = [line.split("#")[0].strip() for block in re.findall(r"```sh\n(.*?)```", README, re.S)
             for line in block.splitlines()]
    commands = [c.strip() for line in lines for c in line.split(" / ")]  # "fathom games / fathom bots deep-blue"
    commands = [c.split("&&")[-1].strip() for c in commands]
    commands = [c for c in commands if c.startswith("fathom ")]
    assert len(commands) >= 10
    for command in commands:
        build_parser().parse_args(shlex.split(command)[1:])  # argparse exits (fails the test) on a bad one
