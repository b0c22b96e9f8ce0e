# A long strict_xp call can be stopped: its kernel checks for Python signals as it works, so a
# signal handler's exception (Ctrl-C's KeyboardInterrupt, pytest-timeout's signal method) ends
# the call, and it lets other threads run meanwhile (pytest-timeout's thread method). Before,
# a kernel held the GIL to the end and an SVD that ran for minutes could not be stopped.
# The evidence is where the handler ran (inside the kernel's check), not how long anything took.
import _thread
import signal
import threading

import pytest

import strict_xp as xp
from strict_xp import _strict_xp


@pytest.fixture(params=["tensordot", "fft"])
def long_call(request):
    if request.param == "tensordot":
        # Two 3,000 x 3,000 matrices: 2.7 * 10^10 multiply-adds, seconds even by Eigen's GEMM in
        # Release (8 s on the 2-core VM; 1,000 x 1,000 took 0.3 s, too close to the alarm).
        a = xp.ones((3000, 3000))
        b = xp.ones((3000, 3000))
        return lambda: xp.tensordot(a, b, axes=1)
    # 3,000 lines of 4,096 points, stopped between two lines (over a second in Release).
    x = xp.ones((3000, 4096))
    return lambda: xp.fft.fft(x)


def test_a_signal_handlers_exception_ends_a_long_kernel_from_inside(long_call):
    seen = []

    def handler(signum, frame):
        seen.append(_strict_xp._in_interruption_check())
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(KeyboardInterrupt):
            long_call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert seen == [True]


def test_another_thread_runs_during_a_long_kernel_and_can_interrupt_it(long_call):
    seen = []

    def interrupt():
        seen.append(_strict_xp._in_interruption_check())
        _thread.interrupt_main()  # as Ctrl-C

    timer = threading.Timer(0.2, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            long_call()
    finally:
        timer.cancel()
        timer.join()
    assert seen == [True]
