"""Lessons and practice: the pure part (no pygame).

A lesson is a layout plus ordered steps (``docs/lessons.md``): *say*, *ask*, *do* and *play*.
:mod:`~tabletop.teaching.lessonfile` reads lesson files, :mod:`~tabletop.teaching.grading`
grades a learner's picks by asking the rules core on the current board,
:mod:`~tabletop.teaching.runner` walks a lesson step by step, :mod:`~tabletop.teaching.practice`
makes random legal boards for a topic, :mod:`~tabletop.teaching.progress` remembers how far a
learner got.  The window's lesson controller and ``tabletop learn`` sit on top of these.
"""
