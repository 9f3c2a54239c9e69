"""The web front end: ``twentystrong serve`` runs the same TUI in a browser tab (textual-serve).

``bind`` opens the listening sockets (plain ``socket``, so a port in use or a bad host is a clear message before any
web machinery starts); ``server`` is the aiohttp application that serves the page, its local assets and one game
process per browser connection. Like the TUI, this package may import Textual and Rich (contract 1 names the front
ends); nothing below the front ends imports it.
"""
