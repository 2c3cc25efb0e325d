"""Eigen's BesselFunctionsImpl.h (Cephes' j0, j1, y0, y1: generic_j0, generic_j1,
generic_y0, generic_y1) as TF 2.21's CPU kernels for BesselJ0, BesselJ1, BesselY0 and
BesselY1 compute them, bit for bit.

float32 has packet code (HasBessel): whole AVX packets of 8 run it with Eigen's plog,
psin and pcos (eigen_log, eigen_trig) and prsqrt = the CPU's rsqrtps refined by one
Newton step (EIGEN_FAST_MATH), the rest (size % 8) the scalar code with glibc's logf,
sinf, cosf and 1 / sqrt (eigen_rsqrt). rsqrtps is an approximation each CPU maker
rounds its own way: eigen_rsqrt's is AMD Zen's; TF run on an Intel CPU gives other last
bits. float64 has no packet code: the scalar code throughout, with glibc's log, sin and
cos (XLA's agree). half runs the float32 code (8 to a packet) and rounds once
(BesselFunctionsHalf.h, AVX's F16_PACKET_FUNCTION); bfloat16 is computed alike, though TF
has no CPU kernel for it.

Products feeding a sum are rounded on their own (TF is built without FMA) and divisions
kept exact, so the values are the same eager and under jax.jit. TF's threads and XLA's
both read denormals as zero, which the formulas inherit (y0 of one is -inf; y1 of one is
NaN in a packet, -inf in the tail). A tail element whose sine or cosine argument is 120
or more in magnitude takes XLA's float32 sin/cos (eigen_trig's), which agreed with glibc's
sinf/cosf on every value tried."""
import jax.numpy as jnp
import numpy as np

from .eigen_log import eigen_log
from .eigen_rsqrt import prsqrt_packet, rsqrt_scalar
from .eigen_trig import eigen_cos, eigen_sin
from .math_common import eigen_packets, exact_divide, madd, polevl, rounded

_F = np.float32
_D = np.float64

# -- float32 (j0f.c, j1f.c) ---------------------------------------------------------------
_J0_JP = np.array([-6.068350350393235E-008, 6.388945720783375E-006, -3.969646342510940E-004,
                   1.332913422519003E-002, -1.729150680240724E-001], _F)
_Y0_YP = np.array([9.454583683980369E-008, -9.413212653797057E-006, 5.344486707214273E-004,
                   -1.584289289821316E-002, 1.707584643733568E-001], _F)
_MO = np.array([-6.838999669318810E-002, 1.864949361379502E-001, -2.145007480346739E-001,
                1.197549369473540E-001, -3.560281861530129E-003, -4.969382655296620E-002,
                -3.355424622293709E-006, 7.978845717621440E-001], _F)
_PH = np.array([3.242077816988247E+001, -3.630592630518434E+001, 1.756221482109099E+001,
                -4.974978466280903E+000, 1.001973420681837E+000, -1.939906941791308E-001,
                6.490598792654666E-002, -1.249992184872738E-001], _F)
_J1_JP = np.array([-4.878788132172128E-009, 6.009061827883699E-007, -4.541343896997497E-005,
                   1.937383947804541E-003, -3.405537384615824E-002], _F)
_Y1_YP = np.array([8.061978323326852E-009, -9.496460629917016E-007, 6.719543806674249E-005,
                   -2.641785726447862E-003, 4.202369946500099E-002], _F)
_MO1 = np.array([6.913942741265801E-002, -2.284801500053359E-001, 3.138238455499697E-001,
                 -2.102302420403875E-001, 5.435364690523026E-003, 1.493389585089498E-001,
                 4.976029650847191E-006, 7.978845453073848E-001], _F)
_PH1 = np.array([-4.497014141919556E+001, 5.073465654089319E+001, -2.485774108720340E+001,
                 7.222973196770240E+000, -1.544842782180211E+000, 3.503787691653334E-001,
                 -1.637986776941202E-001, 3.749989509080821E-001], _F)

# -- float64 (j0.c, j1.c) -----------------------------------------------------------------
_J0_PP = np.array([7.96936729297347051624E-4, 8.28352392107440799803E-2,
                   1.23953371646414299388E0, 5.44725003058768775090E0,
                   8.74716500199817011941E0, 5.30324038235394892183E0,
                   9.99999999999999997821E-1], _D)
_J0_PQ = np.array([9.24408810558863637013E-4, 8.56288474354474431428E-2,
                   1.25352743901058953537E0, 5.47097740330417105182E0,
                   8.76190883237069594232E0, 5.30605288235394617618E0,
                   1.00000000000000000218E0], _D)
_J0_QP = np.array([-1.13663838898469149931E-2, -1.28252718670509318512E0,
                   -1.95539544257735972385E1, -9.32060152123768231369E1,
                   -1.77681167980488050595E2, -1.47077505154951170175E2,
                   -5.14105326766599330220E1, -6.05014350600728481186E0], _D)
_J0_QQ = np.array([1.00000000000000000000E0, 6.43178256118178023184E1,
                   8.56430025976980587198E2, 3.88240183605401609683E3,
                   7.24046774195652478189E3, 5.93072701187316984827E3,
                   2.06209331660327847417E3, 2.42005740240291393179E2], _D)
_J0_RP = np.array([-4.79443220978201773821E9, 1.95617491946556577543E12,
                   -2.49248344360967716204E14, 9.70862251047306323952E15], _D)
_J0_RQ = np.array([1.00000000000000000000E0, 4.99563147152651017219E2,
                   1.73785401676374683123E5, 4.84409658339962045305E7,
                   1.11855537045356834862E10, 2.11277520115489217587E12,
                   3.10518229857422583814E14, 3.18121955943204943306E16,
                   1.71086294081043136091E18], _D)
_Y0_YP_D = np.array([1.55924367855235737965E4, -1.46639295903971606143E7,
                     5.43526477051876500413E9, -9.82136065717911466409E11,
                     8.75906394395366999549E13, -3.46628303384729719441E15,
                     4.42733268572569800351E16, -1.84950800436986690637E16], _D)
_Y0_YQ_D = np.array([1.00000000000000000000E0, 1.04128353664259848412E3,
                     6.26107330137134956842E5, 2.68919633393814121987E8,
                     8.64002487103935000337E10, 2.02979612750105546709E13,
                     3.17157752842975028269E15, 2.50596256172653059228E17], _D)
_J1_PP = np.array([7.62125616208173112003E-4, 7.31397056940917570436E-2,
                   1.12719608129684925192E0, 5.11207951146807644818E0,
                   8.42404590141772420927E0, 5.21451598682361504063E0,
                   1.00000000000000000254E0], _D)
_J1_PQ = np.array([5.71323128072548699714E-4, 6.88455908754495404082E-2,
                   1.10514232634061696926E0, 5.07386386128601488557E0,
                   8.39985554327604159757E0, 5.20982848682361821619E0,
                   9.99999999999999997461E-1], _D)
_J1_QP = np.array([5.10862594750176621635E-2, 4.98213872951233449420E0,
                   7.58238284132545283818E1, 3.66779609360150777800E2,
                   7.10856304998926107277E2, 5.97489612400613639965E2,
                   2.11688757100572135698E2, 2.52070205858023719784E1], _D)
_J1_QQ = np.array([1.00000000000000000000E0, 7.42373277035675149943E1,
                   1.05644886038262816351E3, 4.98641058337653607651E3,
                   9.56231892404756170795E3, 7.99704160447350683650E3,
                   2.82619278517639096600E3, 3.36093607810698293419E2], _D)
_J1_RP = np.array([-8.99971225705559398224E8, 4.52228297998194034323E11,
                   -7.27494245221818276015E13, 3.68295732863852883286E15], _D)
_J1_RQ = np.array([1.00000000000000000000E0, 6.20836478118054335476E2,
                   2.56987256757748830383E5, 8.35146791431949253037E7,
                   2.21511595479792499675E10, 4.74914122079991414898E12,
                   7.84369607876235854894E14, 8.95222336184627338078E16,
                   5.32278620332680085395E18], _D)
_Y1_YP_D = np.array([1.26320474790178026440E9, -6.47355876379160291031E11,
                     1.14509511541823727583E14, -8.12770255501325109621E15,
                     2.02439475713594898196E17, -7.78877196265950026825E17], _D)
_Y1_YQ_D = np.array([1.00000000000000000000E0, 5.94301592346128195359E2,
                     2.35564092943068577943E5, 7.34811944459721705660E7,
                     1.87601316108706159478E10, 3.88231277496238566008E12,
                     6.20557727146953693363E14, 6.87141087355300489866E16,
                     3.97270608116560655612E18], _D)
_PIO4 = 0.7853981633974483096
_THPIO4 = 2.35619449019234492885
_TWOOPI = 0.636619772367581343075535
_SQ2OPI = 7.9788456080286535587989E-1

def _j0f(x, rsqrt):
    """generic_j0<float> (j0f.c) with prsqrt `rsqrt`: (z - r1) P(z), z = x^2, to 2, then
    the modulus and phase form sqrt(1/x) Q(1/x) cos(x + R(1/x^2) / x - pi/4)."""
    y = jnp.abs(x)
    z = rounded(y * y)
    y_le_two = jnp.where(y < _F(1.0e-3), madd(z, _F(-0.25), _F(1)),
                         (z - _F(5.78318596294678452118)) * polevl(z, _J0_JP))
    q = exact_divide(_F(1), y)
    p = rsqrt(y) * polevl(q, _MO)
    yn = madd(q, polevl(q * q, _PH), _F(-_PIO4))
    return jnp.where(y <= _F(2), y_le_two, p * eigen_cos(yn + y))


def _j1f(x, rsqrt):
    """generic_j1<float> (j1f.c): (z - r1) x P(z) to 2, then j0f's form with phase
    3 pi/4, negated below 0."""
    y = jnp.abs(x)
    z = rounded(y * y)
    y_le_two = (z - _F(1.46819706421238932572E1)) * (x * polevl(z, _J1_JP))
    q = exact_divide(_F(1), y)
    p = rsqrt(y) * polevl(q, _MO1)
    yn = madd(q, polevl(q * q, _PH1), _F(-_THPIO4))
    y_gt_two = p * eigen_cos(yn + y)
    y_gt_two = jnp.where(x < 0, -y_gt_two, y_gt_two)
    return jnp.where(y <= _F(2), y_le_two, y_gt_two)


def _y0f(x, rsqrt):
    """generic_y0<float> (j0f.c): 2/pi log(x) j0(x) + (z - r1) P(z) to 2 (-inf at and below
    0), then j0f's form with sin."""
    z = rounded(x * x)
    x_le_two = rounded(_F(_TWOOPI) * (eigen_log(x) * _j0f(x, rsqrt)))
    x_le_two = madd(z - _F(0.43221455686510834878), polevl(z, _Y0_YP), x_le_two)
    x_le_two = jnp.where(x <= 0, _F(-np.inf), x_le_two)
    q = exact_divide(_F(1), x)
    p = rsqrt(x) * polevl(q, _MO)
    xn = madd(q, polevl(q * q, _PH), _F(-_PIO4))
    return jnp.where(x <= _F(2), x_le_two, p * eigen_sin(xn + x))


def _y1f(x, rsqrt):
    """generic_y1<float> (j1f.c): (z - r1) P(z) x + 2/pi (j1(x) log(x) - 1/x) to 2 (-inf
    below 0), then j1f's form with sin."""
    z = rounded(x * x)
    x_le_two = (z - _F(4.66539330185668857532)) * polevl(z, _Y1_YP)
    j1_log = madd(_j1f(x, rsqrt), eigen_log(x), exact_divide(_F(-1), x))
    x_le_two = madd(x_le_two, x, rounded(_F(_TWOOPI) * j1_log))
    x_le_two = jnp.where(x < 0, _F(-np.inf), x_le_two)
    q = exact_divide(_F(1), x)
    p = rsqrt(x) * polevl(q, _MO1)
    xn = madd(q, polevl(q * q, _PH1), _F(-_THPIO4))
    return jnp.where(x <= _F(2), x_le_two, p * eigen_sin(xn + x))


def _ratio(s, p, q):
    """P(s) / Q(s) (two ppolevl's and a pdiv)."""
    return exact_divide(polevl(s, p), polevl(s, q))


def _hankel(y, coefficients, phase, five, first, second):
    """j0.c's and j1.c's Hankel asymptotic form for y > 5: (p first(y - phase) +
    (five / y) q second(y - phase)) sqrt(2 / pi) / sqrt(y), p = PP / PQ and q = QP / QQ
    rational in 25 / y^2."""
    pp, pq, qp, qq = coefficients
    s = exact_divide(_D(25), y * y)
    p = _ratio(s, pp, pq)
    q = _ratio(s, qp, qq)
    yn = y + _D(-phase)
    w = exact_divide(_D(five), y)
    p = madd(p, first(yn), rounded(w * (q * second(yn))))
    return p * (_D(_SQ2OPI) * rsqrt_scalar(y))


_J0_HANKEL = (_J0_PP, _J0_PQ, _J0_QP, _J0_QQ)
_J1_HANKEL = (_J1_PP, _J1_PQ, _J1_QP, _J1_QQ)


def _j0d(x):
    """generic_j0<double> (j0.c): (z - r1) (z - r2) RP(z) / RQ(z) to 5, then Hankel's."""
    y = jnp.abs(x)
    z = rounded(y * y)
    zeros = (z - _D(5.78318596294678452118E0)) * (z - _D(3.04712623436620863991E1))
    y_le_five = jnp.where(y < _D(1.0e-5), madd(z, _D(-0.25), _D(1)),
                          zeros * _ratio(z, _J0_RP, _J0_RQ))
    y_gt_five = _hankel(y, _J0_HANKEL, _PIO4, -5, jnp.cos, jnp.sin)
    return jnp.where(y <= _D(5), y_le_five, y_gt_five)


def _j1d(x):
    """generic_j1<double> (j1.c): RP(z) / RQ(z) x (z - r1) (z - r2) to 5, then Hankel's,
    negated below 0."""
    y = jnp.abs(x)
    z = rounded(y * y)
    y_le_five = (_ratio(z, _J1_RP, _J1_RQ) * x) * (z - _D(1.46819706421238932572E1))
    y_le_five = y_le_five * (z - _D(4.92184563216946036703E1))
    y_gt_five = _hankel(y, _J1_HANKEL, _THPIO4, -5, jnp.cos, jnp.sin)
    y_gt_five = jnp.where(x < 0, -y_gt_five, y_gt_five)
    return jnp.where(y <= _D(5), y_le_five, y_gt_five)


def _y0d(x):
    """generic_y0<double> (j0.c): YP(z) / YQ(z) + 2/pi log(x) j0(x) to 5 (-inf at and below
    0), then Hankel's."""
    x_le_five = madd(_D(_TWOOPI) * jnp.log(x), _j0d(x), _ratio(x * x, _Y0_YP_D, _Y0_YQ_D))
    x_le_five = jnp.where(x <= 0, _D(-np.inf), x_le_five)
    x_gt_five = _hankel(x, _J0_HANKEL, _PIO4, 5, jnp.sin, jnp.cos)
    return jnp.where(x <= _D(5), x_le_five, x_gt_five)


def _y1d(x):
    """generic_y1<double> (j1.c): YP(z) / YQ(z) x + 2/pi (j1(x) log(x) - 1/x) to 5 (-inf at
    and below 0), then Hankel's."""
    j1_log = madd(_j1d(x), jnp.log(x), exact_divide(_D(-1), x))
    x_le_five = madd(_ratio(x * x, _Y1_YP_D, _Y1_YQ_D), x, rounded(_D(_TWOOPI) * j1_log))
    x_le_five = jnp.where(x <= 0, _D(-np.inf), x_le_five)
    x_gt_five = _hankel(x, _J1_HANKEL, _THPIO4, 5, jnp.sin, jnp.cos)
    return jnp.where(x <= _D(5), x_le_five, x_gt_five)


def _kernel(x, float32, float64):
    """TF's CPU kernel of real float `x`: float32 as eigen_packets (eigen_log, eigen_sin
    and eigen_cos then pick the same code as the part they run in), float64 scalar, half
    and bfloat16 through float32."""
    x = jnp.asarray(x)
    if x.dtype == np.float64:
        return float64(x)
    if x.dtype.itemsize < 4:
        return _kernel(x.astype(_F), float32, float64).astype(x.dtype)
    return eigen_packets(lambda v: float32(v, prsqrt_packet),
                         lambda v: float32(v, rsqrt_scalar), x)


def bessel_j0(x):
    """TF's CPU BesselJ0 (tf.math.special.bessel_j0) of a real float array."""
    return _kernel(x, _j0f, _j0d)


def bessel_j1(x):
    """TF's CPU BesselJ1 (tf.math.special.bessel_j1) of a real float array."""
    return _kernel(x, _j1f, _j1d)


def bessel_y0(x):
    """TF's CPU BesselY0 (tf.math.special.bessel_y0) of a real float array."""
    return _kernel(x, _y0f, _y0d)


def bessel_y1(x):
    """TF's CPU BesselY1 (tf.math.special.bessel_y1) of a real float array."""
    return _kernel(x, _y1f, _y1d)
