"""Pure geometry for every board: no pygame, no game rules, plain values in and out."""
