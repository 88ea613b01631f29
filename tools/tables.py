"""Read the project's data tables (perft suites, scripted games): one row a line, fields
separated by '|', '#' starts a comment, blank lines skipped."""


def read_table(path, columns):
    """The rows of a table file as lists of `columns` stripped fields."""
    rows = []
    with open(path) as f:
        for number, line in enumerate(f, start=1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) != columns:
                raise ValueError(f"{path}:{number}: {len(fields)} fields, expected {columns}")
            rows.append(fields)
    return rows
