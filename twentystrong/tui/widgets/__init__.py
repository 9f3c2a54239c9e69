"""Widgets of the table: dice, cards and stacks, side panels, the step and prompt bars, the choices list."""
