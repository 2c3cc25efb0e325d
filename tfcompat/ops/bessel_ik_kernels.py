"""Eigen's BesselFunctionsImpl.h (generic_i0e ... generic_k1e, Cephes' algorithms): TF 2.21's
CPU kernels for BesselI0, BesselI0e, BesselI1, BesselI1e, BesselK0, BesselK0e, BesselK1 and
BesselK1e, bit for bit, as pure JAX functions of a float array (run with x64 on, as every
tfcompat op).

float32 runs as TF's Eigen evaluates it: whole AVX packets of 8 with the vectorised code
(Eigen's pexp_float and plog_float; prsqrt is _mm256_rsqrt_ps refined by one Newton step:
eigen_rsqrt), the remaining size % 8 elements with the scalar code (glibc's expf and logf:
glibc_float; 1 / sqrt(x)).
float64 has no Bessel packets on AVX: every element runs the scalar code (glibc's exp and
log, 1 / sqrt(x)). half (TF's third kernel dtype; it has none for bfloat16) runs as
float32 (8 to a packet), rounded once. TF is built without FMA: each product that feeds a sum is rounded
on its own. Results below the smallest normal are 0, as TF's threads flush them (FTZ)."""
import jax.numpy as jnp
import numpy as np
from jax import lax

from . import glibc_float
from .eigen_log import plog_float
from .eigen_rsqrt import prsqrt_packet, rsqrt_scalar
from .math_common import eigen_exp_packet, eigen_packets, rounded

# Cephes' Chebyshev coefficients, float64 (float32 takes the last ones: _tables).
_I0E_A = np.array([
    -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16,
    1.71539128555513303061E-15, -1.16853328779934516808E-14, 7.67618549860493561688E-14,
    -4.85644678311192946090E-13, 2.95505266312963983461E-12, -1.72682629144155570723E-11,
    9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8, 6.04699502254191894932E-8, -2.67079385394061173391E-7,
    1.11738753912010371815E-6, -4.41673835845875056359E-6, 1.64484480707288970893E-5,
    -5.75419501008210370398E-5, 1.88502885095841655729E-4, -5.76375574538582365885E-4,
    1.63947561694133579842E-3, -4.32430999505057594430E-3, 1.05464603945949983183E-2,
    -2.37374148058994688156E-2, 4.93052842396707084878E-2, -9.49010970480476444210E-2,
    1.71620901522208775349E-1, -3.04682672343198398683E-1, 6.76795274409476084995E-1,
])
_I0E_B = np.array([
    -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17,
    3.46122286769746109310E-17, -2.82762398051658348494E-16, -3.42548561967721913462E-16,
    1.77256013305652638360E-15, 3.81168066935262242075E-15, -9.55484669882830764870E-15,
    -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13,
    7.18012445138366623367E-13, -1.79417853150680611778E-12, -1.32158118404477131188E-11,
    -3.14991652796324136454E-11, 1.18891471078464383424E-11, 4.94060238822496958910E-10,
    3.39623202570838634515E-9, 2.26666899049817806459E-8, 2.04891858946906374183E-7,
    2.89137052083475648297E-6, 6.88975834691682398426E-5, 3.36911647825569408990E-3,
    8.04490411014108831608E-1,
])
_I1E_A = np.array([
    2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
    -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
    3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
    -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
    9.38153738649577178388E-9, -4.44505912879632808065E-8, 2.00329475355213526229E-7,
    -8.56872026469545474066E-7, 3.47025130813767847674E-6, -1.32731636560394358279E-5,
    4.78156510755005422638E-5, -1.61760815825896745588E-4, 5.12285956168575772895E-4,
    -1.51357245063125314899E-3, 4.15642294431288815669E-3, -1.05640848946261981558E-2,
    2.47264490306265168283E-2, -5.29459812080949914269E-2, 1.02643658689847095384E-1,
    -1.76416518357834055153E-1, 2.52587186443633654823E-1,
])
_I1E_B = np.array([
    7.51729631084210481353E-18, 4.41434832307170791151E-18, -4.65030536848935832153E-17,
    -3.20952592199342395980E-17, 2.96262899764595013876E-16, 3.30820231092092828324E-16,
    -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
    4.27244001671195135429E-14, -2.10154184277266431302E-14, -4.08355111109219731823E-13,
    -7.19855177624590851209E-13, 2.03562854414708950722E-12, 1.41258074366137813316E-11,
    3.25260358301548823856E-11, -1.89749581235054123450E-11, -5.58974346219658380687E-10,
    -3.83538038596423702205E-9, -2.63146884688951950684E-8, -2.51223623787020892529E-7,
    -3.88256480887769039346E-6, -1.10588938762623716291E-4, -9.76109749136146840777E-3,
    7.78576235018280120474E-1,
])
_K0_A = np.array([
    1.37446543561352307156E-16, 4.25981614279661018399E-14, 1.03496952576338420167E-11,
    1.90451637722020886025E-9, 2.53479107902614945675E-7, 2.28621210311945178607E-5,
    1.26461541144692592338E-3, 3.59799365153615016266E-2, 3.44289899924628486886E-1,
    -5.35327393233902768720E-1,
])
_K0_B = np.array([
    5.30043377268626276149E-18, -1.64758043015242134646E-17, 5.21039150503902756861E-17,
    -1.67823109680541210385E-16, 5.51205597852431940784E-16, -1.84859337734377901440E-15,
    6.34007647740507060557E-15, -2.22751332699166985548E-14, 8.03289077536357521100E-14,
    -2.98009692317273043925E-13, 1.14034058820847496303E-12, -4.51459788337394416547E-12,
    1.85594911495471785253E-11, -7.95748924447710747776E-11, 3.57739728140030116597E-10,
    -1.69753450938905987466E-9, 8.57403401741422608519E-9, -4.66048989768794782956E-8,
    2.76681363944501510342E-7, -1.83175552271911948767E-6, 1.39498137188764993662E-5,
    -1.28495495816278026384E-4, 1.56988388573005337491E-3, -3.14481013119645005427E-2,
    2.44030308206595545468E0,
])
_K1_A = np.array([
    -7.02386347938628759343E-18, -2.42744985051936593393E-15, -6.66690169419932900609E-13,
    -1.41148839263352776110E-10, -2.21338763073472585583E-8, -2.43340614156596823496E-6,
    -1.73028895751305206302E-4, -6.97572385963986435018E-3, -1.22611180822657148235E-1,
    -3.53155960776544875667E-1, 1.52530022733894777053E0,
])
_K1_B = np.array([
    -5.75674448366501715755E-18, 1.79405087314755922667E-17, -5.68946255844285935196E-17,
    1.83809354436663880070E-16, -6.05704724837331885336E-16, 2.03870316562433424052E-15,
    -7.01983709041831346144E-15, 2.47715442448130437068E-14, -8.97670518232499435011E-14,
    3.34841966607842919884E-13, -1.28917396095102890680E-12, 5.13963967348173025100E-12,
    -2.12996783842756842877E-11, 9.21831518760500529508E-11, -4.19035475934189648750E-10,
    2.01504975519703286596E-9, -1.03457624656780970260E-8, 5.74108412545004946722E-8,
    -3.50196060308781257119E-7, 2.40648494783721712015E-6, -1.93619797416608296024E-5,
    1.95215518471351631108E-4, -2.85781685962277938680E-3, 1.03923736576817238437E-1,
    2.72062619048444266945E0,
])

# (exp, log, rsqrt) of Eigen's vectorised float32 code, of its scalar float32 code and of
# its scalar float64 code.
_PACKET32 = (eigen_exp_packet, plog_float, prsqrt_packet)
_SCALAR32 = (glibc_float.expf, glibc_float.logf, rsqrt_scalar)
_SCALAR64 = (glibc_float.exp, jnp.log, rsqrt_scalar)   # (XLA's log: glibc's on all values tried)


def _chebevl(x, coef):
    """Eigen's pchebevl (Cephes' chbevl): Clenshaw's recurrence over `coef`, highest first,
    then half of b0 - b2. (The barrier: XLA folds (p + c1) - c0 into p + (c1 - c0).)"""
    b0, b1 = lax.optimization_barrier(jnp.full_like(x, coef[0])), jnp.zeros_like(x)
    for c in coef[1:]:
        b2, b1 = b1, b0
        b0 = (rounded(x * b1) + c) - b2
    return x.dtype.type(0.5) * (b0 - b2)


def _tables(x, a, b):
    """Coefficient tables `a`, `b` in x's dtype: float32 takes the last 18 and 7 (i0e), 17
    and 7 (i1e) or 7 and 10 (k0, k1) of the float64 ones (Cephes' i0f.c ...)."""
    if x.dtype == np.float64:
        return a, b
    n, m = {30: (18, 7), 29: (17, 7), 10: (7, 10), 11: (7, 10)}[len(a)]
    return a[-n:].astype(np.float32), b[-m:].astype(np.float32)


def _i_scaled(x, math, a, b, odd):
    """generic_i0e (`odd` False) / generic_i1e: a Chebyshev series in |x| / 2 - 2 up to 8
    (times |x| for i1e), in 32 / |x| - 2 times 1 / sqrt(|x|) beyond; i1e with x's sign."""
    c = x.dtype.type
    a, b = _tables(x, a, b)
    y = jnp.abs(x)
    small = _chebevl(rounded(c(0.5) * y) + c(-2), a)
    small = y * small if odd else small
    large = _chebevl(c(32) / y - c(2), b) * math[2](y)
    out = jnp.where(y <= c(8), small, large)
    return jnp.where(x < c(0), -out, out) if odd else out


def _i0e(x, math):
    """generic_i0e."""
    return _i_scaled(x, math, _I0E_A, _I0E_B, False)


def _i1e(x, math):
    """generic_i1e."""
    return _i_scaled(x, math, _I1E_A, _I1E_B, True)


def _i0(x, math):
    """generic_i0: exp(|x|) i0e(x)."""
    return math[0](jnp.abs(x)) * _i0e(x, math)


def _i1(x, math):
    """generic_i1: exp(|x|) i1e(x)."""
    return math[0](jnp.abs(x)) * _i1e(x, math)


def _k_small(x, math, order):
    """K0 (`order` 0) / K1 up to x = 2: the A-series in x^2 - 2 (over x for K1) plus
    -log(x / 2) I0(x) (log(x / 2) I1(x))."""
    c = x.dtype.type
    a, _ = _tables(x, *((_K0_A, _K0_B) if order == 0 else (_K1_A, _K1_B)))
    series = _chebevl(rounded(x * x) + c(-2), a)
    log = math[1](c(0.5) * x)
    if order == 0:
        return rounded(_i0(x, math) * -log) + series
    return rounded(_i1(x, math) * log) + series / x


def _k_large(x, order):
    """The B-series in 8 / x - 2 of K0e (`order` 0) / K1e beyond x = 2, without its factor
    1 / sqrt(x) (generic_k0 and generic_k1 associate their products differently)."""
    c = x.dtype.type
    _, b = _tables(x, *((_K0_A, _K0_B) if order == 0 else (_K1_A, _K1_B)))
    return _chebevl(c(8) / x - c(2), b)


def _k(x, math, order):
    """generic_k0 (`order` 0) / generic_k1: inf for x <= 0."""
    c = x.dtype.type
    small = jnp.where(x <= c(0), c(np.inf), _k_small(x, math, order))
    e = math[0](-x)
    if order == 0:
        large = (e * _k_large(x, 0)) * math[2](x)
    else:
        large = e * (_k_large(x, 1) * math[2](x))
    return jnp.where(x <= c(2), small, large)


def _k_scaled(x, math, order):
    """generic_k0e (`order` 0) / generic_k1e: exp(x) K(x) up to 2, inf for x <= 0."""
    c = x.dtype.type
    small = jnp.where(x <= c(0), c(np.inf), math[0](x) * _k_small(x, math, order))
    return jnp.where(x <= c(2), small, _k_large(x, order) * math[2](x))


def _kernel(op, fn, *args):
    """TF's CPU kernel for `op`, fn(x, math, *args): float64 with the scalar code, float32
    in Eigen's packets and tail, half (and bfloat16, which TF has no kernel for) as
    float32."""
    def kernel(x):
        x = jnp.asarray(x)
        if x.dtype.itemsize < 4:
            return kernel(x.astype(np.float32)).astype(x.dtype)
        if x.dtype == np.float64:
            return fn(x, _SCALAR64, *args)
        return eigen_packets(lambda v: fn(v, _PACKET32, *args),
                             lambda v: fn(v, _SCALAR32, *args), x)
    kernel.__name__ = kernel.__qualname__ = "bessel_" + op[6:].lower()
    kernel.__doc__ = f"TF 2.21's CPU kernel for {op}, elementwise on a float array x."
    return kernel


bessel_i0 = _kernel("BesselI0", _i0)
bessel_i0e = _kernel("BesselI0e", _i0e)
bessel_i1 = _kernel("BesselI1", _i1)
bessel_i1e = _kernel("BesselI1e", _i1e)
bessel_k0 = _kernel("BesselK0", _k, 0)
bessel_k0e = _kernel("BesselK0e", _k_scaled, 0)
bessel_k1 = _kernel("BesselK1", _k, 1)
bessel_k1e = _kernel("BesselK1e", _k_scaled, 1)
