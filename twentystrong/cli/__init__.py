"""The ``twentystrong`` command line: one module per subcommand, imported only when that subcommand runs."""
