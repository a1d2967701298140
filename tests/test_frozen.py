"""Frozen dataclasses made on first use (``tabletop.frozen``) behave as
``@dataclass(frozen=True)`` classes: the same ``__init__``, equality, hash, ``repr``,
immutability, introspection, pickling and copying, whichever comes first."""

import copy
import dataclasses
import pickle
import threading

import pytest

from tabletop.frozen import Frozen
from tabletop.games.clash.actions import MoveKnight, Weapon


class Step(Frozen):
    """A kind of value for these tests (module level, so that pickle finds it)."""

    who: str
    to: str
    option: int | None = None

    def __str__(self) -> str:
        return f"{self.who} to {self.to}"


@dataclasses.dataclass(frozen=True)
class Plain:
    who: str
    to: str
    option: int | None = None


def fresh() -> type:
    """A new Frozen class, not made yet."""

    class Fresh(Frozen):
        """Made on first use."""

        who: str
        amount: int = 1
        seen: tuple = dataclasses.field(default=())

    return Fresh


def test_a_class_is_made_on_its_first_instance_only():
    kind = fresh()
    assert "__dataclass_fields__" not in kind.__dict__
    value = kind("Kara")
    assert "__dataclass_fields__" in kind.__dict__
    assert value == kind("Kara", 1, ()) and value.seen == ()
    assert kind.__dataclass_params__.frozen


@pytest.mark.parametrize("look", [dataclasses.fields, dataclasses.is_dataclass,
                                  lambda kind: kind.__match_args__])
def test_looking_at_the_class_before_any_instance_makes_it(look):
    kind = fresh()
    assert look(kind)
    assert [f.name for f in dataclasses.fields(kind)] == ["who", "amount", "seen"]
    assert kind.__match_args__ == ("who", "amount", "seen")


def test_it_behaves_as_a_frozen_dataclass():
    value, plain = Step("Kara", "B2"), Plain("Kara", "B2")
    assert repr(value) == repr(plain).replace("Plain", "Step")
    assert str(value) == "Kara to B2"
    assert value == Step("Kara", "B2", None) and value != Step("Kara", "B3")
    assert value != plain and value != ("Kara", "B2", None)
    assert hash(value) == hash(Step("Kara", "B2")) == hash(("Kara", "B2", None))
    assert len({value, Step("Kara", "B2"), Step("Kara", "C3")}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.to = "C3"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del value.to  # type: ignore[misc]
    assert dataclasses.replace(value, to="C3") == Step("Kara", "C3")
    assert dataclasses.asdict(value) == {"who": "Kara", "to": "B2", "option": None}
    with pytest.raises(TypeError):
        Step("Kara")  # type: ignore[call-arg]
    match value:
        case Step(who, to):
            assert (who, to) == ("Kara", "B2")


def test_pickling_and_copying_keep_the_value():
    value = Step("Kara", "B2", 1)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(value, protocol))
        assert again == value and hash(again) == hash(value) and type(again) is Step
    assert copy.copy(value) == value and copy.deepcopy(value) == value


def test_two_threads_making_the_same_class_make_it_once():
    kind = fresh()
    start, made = threading.Barrier(8), []

    def build() -> None:
        start.wait()
        made.append(kind("Kara"))

    threads = [threading.Thread(target=build) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 8 and len(set(made)) == 1


def test_a_class_half_made_by_one_thread_is_not_used_by_another(monkeypatch):
    """``dataclass`` sets ``__dataclass_fields__`` before it writes ``__init__``: a second
    thread building a value meanwhile waits for the class instead of taking it as made."""
    kind = fresh()
    builtin_exec = dataclasses.exec
    other: list = []

    def exec_then_look(*args, **kwargs):
        if not other:  # the class has its fields but no __init__ yet
            assert "__dataclass_fields__" in kind.__dict__
            made = []
            thread = threading.Thread(target=lambda: made.append(kind("Kara")))
            thread.start()
            thread.join(0.2)
            other.append((thread, made, thread.is_alive()))
        return builtin_exec(*args, **kwargs)

    monkeypatch.setattr(dataclasses, "exec", exec_then_look)
    value = kind("Kara")
    thread, made, waited = other[0]
    thread.join()
    assert waited and made == [value] and made[0].who == "Kara"


def test_game_actions_are_made_on_first_use():
    assert MoveKnight("Kara", "B2") == MoveKnight("Kara", "B2")
    assert dataclasses.fields(Weapon)[0].name == "kind"
    assert str(Weapon("reach", 1, 2)) == "Reach 2"
