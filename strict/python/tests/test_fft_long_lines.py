"""The fft extension on long lines of every kind of length, against NumPy (pocketfft): powers of
two, lengths with small prime factors (the mixed-radix path), lengths with a large prime factor
(Bluestein's), odd and even, and the real transforms' even lengths (a complex transform of half
the length). The spec's fft: "Computes the one-dimensional discrete Fourier transform"; NumPy's
is the definition's reference here, up to the rounding of either."""

import numpy
import pytest

import strict_xp as xp

RNG = numpy.random.default_rng(20261128)

LENGTHS = [
    2**15,  # a power of two
    3**4 * 5**2 * 7,  # small primes only
    2 * 3 * 61,  # the largest prime the mixed radix takes
    2 * 67,  # a prime just over it: Bluestein, and the half of a real transform too
    10_007,  # a prime: Bluestein
    2 * 10_007,  # an even length whose half is a prime
    4 * 3 * 1009,  # a multiple of 4 with a large prime factor
]


def close(actual, expected):
    actual = numpy.asarray(actual)
    scale = max(1.0, float(numpy.max(numpy.abs(expected))))
    return actual.shape == expected.shape and numpy.allclose(
        actual, expected, rtol=0, atol=1e-10 * scale)


@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_complex_transforms_equal_numpys(name, n):
    x = RNG.standard_normal(n) + 1j * RNG.standard_normal(n)
    assert close(getattr(xp.fft, name)(xp.asarray(x)), getattr(numpy.fft, name)(x))


@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("name", ["rfft", "ihfft"])
def test_real_input_transforms_equal_numpys(name, n):
    x = RNG.standard_normal(n)
    assert close(getattr(xp.fft, name)(xp.asarray(x)), getattr(numpy.fft, name)(x))


@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("name", ["irfft", "hfft"])
def test_hermitian_input_transforms_equal_numpys(name, n):
    # Imaginary parts at 0 and n/2 too: they must not count, as in NumPy.
    half = RNG.standard_normal(n // 2 + 1) + 1j * RNG.standard_normal(n // 2 + 1)
    expected = getattr(numpy.fft, name)(half, n=n)
    assert close(getattr(xp.fft, name)(xp.asarray(half), n=n), expected)


def test_two_dimensional_transforms_equal_numpys():
    x = RNG.standard_normal((134, 100))
    assert close(xp.fft.rfftn(xp.asarray(x)), numpy.fft.rfftn(x))
    spectrum = numpy.fft.rfftn(x)
    assert close(xp.fft.irfftn(xp.asarray(spectrum), s=(134, 100), axes=(0, 1)),
                 numpy.fft.irfftn(spectrum, s=(134, 100), axes=(0, 1)))
    z = x + 1j * RNG.standard_normal((134, 100))
    assert close(xp.fft.fftn(xp.asarray(z)), numpy.fft.fftn(z))
