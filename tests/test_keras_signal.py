"""tf.signal, tf.linalg.lu/matrix_rank and the TF behaviour Keras's ops rely on (issue 14),
with TF 2.21's values, dtypes, shapes, tape gradients and errors: the literals are the output
of tools/keras_signal_reference.py under /tmp/tfref (see that script), whose cases these
tests run on tfcompat, eagerly and inside tf.function."""
import importlib.util
import pathlib

import numpy as np
import pytest

import tfcompat as tf

REF_VALUES = {'fft': ('complex64', (5,),
         ([5.0, -1.6082199811935425, -1.6511000394821167, 1.6511000394821167,
           1.6082199811935425],
          [2.5, -1.0331599712371826, -2.098750114440918, 6.407760143280029,
           4.22415018081665])),
 'fft_list': ('complex64', (2,), ([3.0, -1.0], [0.0, 0.0])),
 'ifft': ('complex64', (5,),
          ([1.0, 0.3216400146484375, 0.3302200138568878, -0.3302200138568878,
            -0.3216400146484375],
           [0.5, 0.8448299765586853, 1.2815500497817993, -0.41975000500679016,
            -0.20663000643253326])),
 'fft2d': ('complex128', (2, 2), ([[6.0, -4.0], [2.0, 0.0]], [[1.5, 3.5], [0.5, 2.5]])),
 'ifft2d': ('complex64', (2, 3),
            ([[0.833329975605011, 0.19417999684810638, -0.5275099873542786],
              [0.5, 0.07216999679803848, -0.07216999679803848]],
             [[0.5, 1.241029977798462, -0.4910300076007843], [0.0, 0.375, 0.375]])),
 'fft3d': ('complex64', (1, 2, 2), ([[[6.0, -4.0], [2.0, 0.0]]], [[[1.5, 3.5], [0.5, 2.5]]])),
 'rfft': ('complex64', (3,),
          ([3.827860116958618, -1.4430099725723267, -0.4709300100803375],
           [0.0, -0.021849999204277992, 0.0157299991697073])),
 'rfft_pad': ('complex64', (5,),
              ([3.827860116958618, -1.0312600135803223, -0.4504599869251251,
                -0.4387199878692627, 0.013009999878704548],
               [0.0, -2.5341999530792236, 0.41898998618125916, -0.16329999268054962, 0.0])),
 'rfft_crop64': ('complex128', (2,), ([1.92967, -0.96483], [0.0, 0.38212])),
 'irfft': ('float32', (4,), [1.75, 0.75, -1.25, -0.25]),
 'irfft_odd': ('float32', (5,),
               [1.399999976158142, 0.8336899876594543, -0.34549999237060547,
                -1.1961499452590942, 0.3079499900341034]),
 'rfft2d': ('complex64', (3, 3),
            ([[8.25376033782959, -1.667140007019043, -1.3045899868011475],
              [0.512440025806427, -2.332859992980957, -0.43066999316215515],
              [0.512440025806427, 0.4436500072479248, -0.43066999316215515]],
             [[0.0, 1.1586799621582031, 0.0],
              [3.8975698947906494, -2.1114299297332764, -1.5379799604415894],
              [-3.8975698947906494, 2.2097198963165283, 1.5379799604415894]])),
 'irfft2d': ('float32', (2, 4), [[1.25, 0.5, -1.25, 0.0], [0.5, 0.25, 0.0, -0.25]]),
 'fftshift': ('int32', (10,), [5, 6, 7, 8, 9, 0, 1, 2, 3, 4]),
 'ifftshift': ('float32', (3, 3), [[1.0, 2.0, 0.0], [4.0, 5.0, 3.0], [7.0, 8.0, 6.0]]),
 'frame': ('float32', (3, 4),
           [[0.0, 0.7442200183868408, 1.1854499578475952, 1.1632100343704224],
            [1.1632100343704224, 0.7349900007247925, 0.14922000467777252, -0.2715800106525421],
            [-0.2715800106525421, -0.28244999051094055, 0.1687300056219101,
             0.9168099761009216]]),
 'frame_pad': ('int32', (4, 3), [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6, -1, -1]]),
 'frame_axis0': ('int32', (2, 4, 2),
                 [[[0, 1], [2, 3], [4, 5], [6, 7]], [[4, 5], [6, 7], [8, 9], [10, 11]]]),
 'overlap_and_add': ('float32', (9,), [0.0, 1.0, 5.0, 4.0, 11.0, 7.0, 17.0, 10.0, 11.0]),
 'overlap_and_add_gap': ('int32', (2, 8),
                         [[0, 1, 0, 2, 3, 0, 4, 5], [6, 7, 0, 8, 9, 0, 10, 11]]),
 'hann': ('float32', (6,), [0.0, 0.25, 0.75, 1.0, 0.75, 0.25]),
 'hann_symmetric64': ('float64', (5,), [0.0, 0.5, 1.0, 0.5, 0.0]),
 'hamming': ('float32', (5,),
             [0.07999999821186066, 0.5400000214576721, 1.0, 0.5400000214576721,
              0.07999999821186066]),
 'kaiser': ('float32', (6,),
            [0.08848000317811966, 0.5085200071334839, 0.9327099919319153, 0.9327099919319153,
             0.5085200071334839, 0.08848000317811966]),
 'vorbis': ('float32', (6,),
            [0.10503000020980835, 0.7071099877357483, 0.9944700002670288, 0.9944700002670288,
             0.7071099877357483, 0.10503000020980835]),
 'stft': ('complex64', (4, 5),
          ([[2.3797800540924072, -1.4792900085449219, 0.2780500054359436, 0.009309999644756317,
             0.0040799998678267],
            [1.7305599451065063, -0.31992000341415405, -0.5239700078964233,
             -0.017550000920891762, -0.007679999805986881],
            [6.789309978485107, -4.132959842681885, 0.7093499898910522, 0.023760000243782997,
             0.010400000028312206],
            [4.120699882507324, -1.214419960975647, -0.812749981880188, -0.027219999581575394,
             -0.011909999884665012]],
           [[0.0, -1.4468300342559814, 0.7151399850845337, 0.010200000368058681, 0.0],
            [0.0, 1.888890027999878, -0.7396900057792664, -0.03968000039458275, 0.0],
            [0.0, -0.6255499720573425, 0.3569500148296356, -0.0020800000056624413, 0.0],
            [0.0, 0.7770500183105469, -0.2547700107097626, -0.02305000089108944, 0.0]])),
 'stft_pad_hamming': ('complex64', (4, 5),
                      ([[2.918910026550293, -1.2580300569534302, -0.34685999155044556,
                         0.1261499971151352, 0.03855999931693077],
                        [1.0986100435256958, -1.2360700368881226, 0.9353700280189514,
                         -0.15195000171661377, -0.09781999886035919],
                        [4.96914005279541, -1.4863699674606323, -0.6536700129508972,
                         0.15986000001430511, 0.0516900010406971],
                        [4.887310028076172, -3.089430093765259, 1.1951600313186646,
                         -0.7684599757194519, 0.8351500034332275]],
                       [[0.0, -1.8657399415969849, 0.8862400054931641, -0.040139999240636826,
                         0.0],
                        [0.0, 0.5209199786186218, -0.2607400119304657, 0.08595000207424164,
                         0.0],
                        [0.0, -3.048680067062378, 0.7794700264930725, 0.11541000008583069,
                         0.0],
                        [0.0, -2.2656900882720947, 1.6411700248718262, -0.59961998462677,
                         0.0]])),
 'inverse_stft': ('float32', (20,),
                  [0.0, 0.02127999998629093, 0.5927199721336365, 1.1299500465393066,
                   0.7349900007247925, 0.14922000467777252, -0.2715800106525421,
                   -0.28244999051094055, 0.1687300056219101, 0.9168099761009216,
                   1.6569900512695312, 2.088170051574707, 2.0546000003814697,
                   1.6190999746322632, 1.033519983291626, 0.6202999949455261,
                   0.6208199858665466, 1.0509300231933594, 0.9168099761009216,
                   0.07348000258207321]),
 'mel': ('float32', (9, 4),
         [[0.0, 0.0, 0.0, 0.0], [0.6762300133705139, 0.3237699866294861, 0.0, 0.0],
          [0.0, 0.5390700101852417, 0.4609299898147583, 0.0],
          [0.0, 0.0, 0.6973000168800354, 0.302700012922287],
          [0.0, 0.0, 0.028680000454187393, 0.9713199734687805],
          [0.0, 0.0, 0.0, 0.47398999333381653], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0],
          [0.0, 0.0, 0.0, 0.0]]),
 'mfccs': ('float32', (2, 4),
           [[2.1869900226593018, -0.8792999982833862, -0.3832300007343292,
             -0.026510000228881836],
            [0.23346999287605286, 0.7785400152206421, 0.28744998574256897,
             0.0004199999966658652]]),
 'dct1': ('float32', (5,),
          [6.920740127563477, -1.327530026435852, -1.6359100341796875, -0.14244000613689423,
           -0.7089700102806091]),
 'dct2_ortho': ('float32', (5,),
                [1.7118699550628662, -0.5978599786758423, -0.7464600205421448,
                 -0.021209999918937683, -0.08258000016212463]),
 'dct3': ('float32', (5,),
          [5.155370235443115, -3.2595601081848145, -0.9009199738502502, -0.5842099785804749,
           -0.41067999601364136]),
 'dct4_n': ('float32', (6,),
            [5.234869956970215, -3.8451199531555176, -1.8657900094985962, 0.059379998594522476,
             -0.6375300288200378, 0.3861199915409088]),
 'idct_ortho': ('float32', (5,),
                [1.630270004272461, -1.0307600498199463, -0.2849000096321106,
                 -0.18474000692367554, -0.1298699975013733]),
 'mdct': ('float32', (3, 4),
          [[-2.7667500972747803, 3.328249931335449, -0.22039000689983368, 0.2404100000858307],
           [-3.1105899810791016, -3.5021800994873047, -0.5419099926948547,
            -0.35787999629974365],
           [-9.937199592590332, 2.854680061340332, -0.5678899884223938, 0.16117000579833984]]),
 'lu': [('float32', (3, 3),
         [[7.0, 8.0, 10.0], [0.14285999536514282, 0.8571400046348572, 1.571429967880249],
          [0.5714300274848938, 0.5, -0.5]]),
        ('int32', (3,), [2, 0, 1])],
 'matrix_rank': ('int32', (2,), [1, 2]),
 'in_top_k_numpy': ('bool', (3,), [True, False, False]),
 'while_loop_python_values': [('int32', (), 10), ('int64', (), 45)]}
REF_GRADIENTS = {'fft': ('complex64', (5,),
         ([15.0, 21.586679458618164, 3.1861000061035156, -8.186090469360352,
           -26.586679458618164],
          [55.0, -13.704890251159668, -15.548370361328125, -13.9237699508667,
           -6.822979927062988])),
 'ifft2d': ('complex64', (2, 2), ([[2.5, -0.5], [-1.0, 0.0]], [[7.5, -2.5], [-5.0, 1.0]])),
 'rfft': ('float32', (6,),
          [10.0, -14.758330345153809, 6.830130100250244, -2.0, -1.8301299810409546,
           7.75832986831665]),
 'rfft_odd': ('float32', (5,),
              [6.0, -9.90330982208252, 6.51738977432251, -5.899350166320801,
               8.285280227661133]),
 'irfft': ('complex64', (4,),
           ([2.666670083999634, -1.8333300352096558, -0.16666999459266663, 0.3333300054073334],
            [0.0, 0.28867998719215393, -0.8660299777984619, 0.0])),
 'irfft_odd': ('complex64', (3,),
               ([3.0, -1.0, -1.0], [0.0, 1.3763799667358398, 0.32491999864578247])),
 'rfft2d': ('float32', (3, 4),
            [[25.0, -39.0, 5.0, 37.0],
             [-14.758330345153809, -14.614740371704102, 16.954479217529297,
              -37.150638580322266],
             [7.75832986831665, 35.61473846435547, -15.954480171203613, 6.15064001083374]]),
 'frame': ('float32', (10,), [1.0, 2.0, 3.0, 9.0, 1.0, 2.0, 7.0, 5.0, 1.0, 2.0]),
 'overlap_and_add': ('float32', (4, 3),
                     [[1.0, 2.0, 3.0], [3.0, 4.0, 5.0], [5.0, 1.0, 2.0], [2.0, 3.0, 4.0]]),
 'stft': ('float32', (20,),
          [0.0, -4.181980133056641, 7.5, -6.596189975738525, 3.0, -2.0, 3.0, -4.0, 3.0, -2.0,
           3.0, -4.0, 3.0, -2.0, 3.0, -4.0, 3.0, 2.1819798946380615, -4.5,
           2.5961899757385254]),
 'inverse_stft': ('complex64', (4, 5),
                  ([[1.5625, -1.875, 0.625, -0.625, 0.3125],
                    [1.5959700345993042, -2.1294400691986084, 0.625, 0.12943999469280243,
                     -0.2209700047969818],
                    [1.5, -1.5, 0.0, -0.0, 0.0],
                    [1.4040299654006958, -0.8705599904060364, -0.625, -0.12943999469280243,
                     0.2209700047969818]],
                   [[0.0, -0.5517799854278564, 0.6767799854278564, -0.30177998542785645, 0.0],
                    [0.0, 0.2026599943637848, -0.39017000794410706, 0.4526599943637848, 0.0],
                    [0.0, 0.6982200145721436, -0.5732200145721436, -0.30177998542785645, 0.0],
                    [0.0, 0.2026599943637848, -0.39017000794410706, 0.4526599943637848,
                     0.0]])),
 'dct2': ('float32', (5,),
          [18.450780868530273, -13.201580047607422, 6.0, -2.686959981918335,
           1.4377599954605103])}
REF_ERRORS = {'fft_of_float': ('InvalidArgumentError',
                  "Value for attr 'Tcomplex' of float is not in the list of allowed values: "
                  'complex64, complex128'),
 'fft_of_scalar': ('InvalidArgumentError',
                   '{{function_node '
                   '__wrapped__FFT_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                   'Input must have rank of at least 1 but got: [] [Op:FFT] name: '),
 'fft2d_of_vector': ('InvalidArgumentError',
                     '{{function_node '
                     '__wrapped__FFT2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                     'Input must have rank of at least 2 but got: [5] [Op:FFT2D] name: '),
 'rfft_of_half': ('ValueError',
                  'RFFT requires tf.float32 or tf.float64 inputs, got: tf.Tensor([1. 2.], '
                  'shape=(2,), dtype=float16)'),
 'rfft_of_scalar': ('ValueError', 'Shape () must have rank at least 1'),
 'irfft_of_float': ('ValueError',
                    'IRFFT requires tf.complex64 or tf.complex128 inputs, got: tf.Tensor([1. '
                    '2.], shape=(2,), dtype=float32)'),
 'fftnd': ('NotFoundError',
           'Could not find device for node: {{node FFTND}} = FFTND[Tcomplex=DT_COMPLEX64]'),
 'hann_int': ('ValueError', "dtype must be a floating point type. Found <dtype: 'int32'>"),
 'overlap_and_add_rank1': ('ValueError', 'Shape (4,) must have rank at least 2'),
 'overlap_and_add_float_step': ('ValueError',
                                "frame_step must be an integer. Got <dtype: 'float32'>"),
 'frame_scalar': ('ValueError', 'Shape () must have rank at least 1'),
 'dct_type5': ('ValueError', 'Types I, II, III and IV (I)DCT are supported.'),
 'mdct_length': ('ValueError', 'The frame length must be a multiple of 4.'),
 'lu_int': ('InvalidArgumentError',
            "Value for attr 'T' of int32 is not in the list of allowed values: double, float, "
            'half, complex64, complex128'),
 'lu_not_square': ('InvalidArgumentError',
                   '{{function_node '
                   '__wrapped__Lu_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input '
                   'matrix must be square. [Op:Lu] name: ')}


@pytest.fixture(scope="module")
def ref():
    tf.register_as_tensorflow()   # the script imports tensorflow
    path = pathlib.Path(__file__).resolve().parent.parent / "tools" / "keras_signal_reference.py"
    spec = importlib.util.spec_from_file_location("keras_signal_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check(got, want):
    if isinstance(want, list) and want and isinstance(want[0], tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _check(g, w)
        return
    assert (got[0], tuple(got[1])) == (want[0], tuple(want[1]))
    if want[0].startswith("complex"):
        np.testing.assert_allclose(got[2][0], want[2][0], rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(got[2][1], want[2][1], rtol=1e-4, atol=1e-4)
    elif want[0].startswith("float"):
        np.testing.assert_allclose(got[2], want[2], rtol=1e-4, atol=1e-4)
    else:
        assert got[2] == want[2]


@pytest.mark.parametrize("name", sorted(REF_VALUES))
def test_values(ref, name):
    _check(ref.describe(ref.VALUES[name]()), REF_VALUES[name])


@pytest.mark.parametrize("name", sorted(set(REF_VALUES) - {"while_loop_python_values"}))
def test_values_in_function(ref, name):
    _check(ref.describe(tf.function(ref.VALUES[name])()), REF_VALUES[name])


def test_while_loop_converts_its_variables_in_function(ref):
    # TF's while_v2 makes tensors of the loop variables: int32 + int64 fails, as in TF
    with pytest.raises(TypeError, match="Input 'y' of 'AddV2' Op has type int32 that does "
                                        "not match type int64 of argument 'x'"):
        tf.function(ref.VALUES["while_loop_python_values"])()


@pytest.mark.parametrize("name", sorted(REF_GRADIENTS))
def test_gradients(ref, name):
    _check(ref.gradient(name), REF_GRADIENTS[name])


@pytest.mark.parametrize("name", sorted(REF_GRADIENTS))
def test_gradients_in_function(ref, name):
    _check(ref.describe(tf.function(lambda: _tape_gradient(ref, name))()), REF_GRADIENTS[name])


def _tape_gradient(ref, name):
    source, fn = ref.GRADIENTS[name]
    x = source()
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = ref._weighted(fn(x))
    return tape.gradient(y, x)


@pytest.mark.parametrize("name", sorted(REF_ERRORS))
def test_errors(ref, name):
    assert ref.error(name) == REF_ERRORS[name]


def test_no_gradient_for_lu():
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.reduce_sum(tf.linalg.lu(a).lu)
    with pytest.raises(LookupError, match="gradient registry has no entry for: Lu"):
        tape.gradient(y, a)


def test_numpy_copy_is_writable():
    y = np.array(tf.constant([1.0, 2.0]))
    y[0] = 5.0
    assert y.tolist() == [5.0, 2.0]


def test_checked_op_in_vectorized_map():
    out = tf.vectorized_map(
        lambda x: tf.math.unsorted_segment_sum(x, tf.constant([0, 1, 0]), 2),
        tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    assert out.numpy().tolist() == [[4.0, 2.0], [10.0, 5.0]]
