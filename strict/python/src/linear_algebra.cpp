// matmul, matrix_transpose, tensordot and vecdot of the main namespace, and the linalg extension
// (every function of strict::linalg) on the `linalg` submodule.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "bindings.hpp"
#include "converters.hpp"

namespace strict_xp {
namespace {

using Unary = strict::Array (*)(const strict::Array&);
using Binary = strict::Array (*)(const strict::Array&, const strict::Array&);
template <typename Options>
using BinaryAlongAxis = strict::Array (*)(const strict::Array&, const strict::Array&,
                                          const Options&);
using WithTolerance = strict::Array (*)(const strict::Array&,
                                        const strict::linalg::ToleranceOptions&);

// def_unary, def_binary and def_binary_along_axis add `name` to `module`; `prefix` + `name`
// names the function in errors ("matmul", "linalg.matmul").

// (x, /): matrix_transpose, det, inv, ...
void def_unary(py::module_& module, const char* prefix, const char* name, Unary function,
               const char* doc) {
  module.def(
      name,
      [f = std::string(prefix) + name, function](py::handle x) {
        return wrap(function(array_arg(f, "x", x)));
      },
      py::arg("x"), py::pos_only(), doc);
}

// (x1, x2, /): matmul, outer, solve.
void def_binary(py::module_& module, const char* prefix, const char* name, Binary function,
                const char* doc) {
  module.def(
      name,
      [f = std::string(prefix) + name, function](py::handle x1, py::handle x2) {
        return wrap(function(array_arg(f, "x1", x1), array_arg(f, "x2", x2)));
      },
      py::arg("x1"), py::arg("x2"), py::pos_only(), doc);
}

// (x1, x2, /, *, axis=-1): vecdot, cross.
template <typename Options>
void def_binary_along_axis(py::module_& module, const char* prefix, const char* name,
                           BinaryAlongAxis<Options> function, const char* doc) {
  module.def(
      name,
      [f = std::string(prefix) + name, function](py::handle x1, py::handle x2, py::handle axis) {
        const strict::Array& a = array_arg(f, "x1", x1);
        const strict::Array& b = array_arg(f, "x2", x2);
        return wrap(function(a, b, {.axis = int_arg(f, "axis", axis)}));
      },
      py::arg("x1"), py::arg("x2"), py::pos_only(), py::kw_only(), py::arg("axis") = -1, doc);
}

// tensordot's axes=: an int N, or a pair (x1_axes, x2_axes) of sequences of ints.
struct TensordotAxesArg {
  bool is_count = true;
  std::int64_t count = 2;
  std::vector<std::int64_t> x1;
  std::vector<std::int64_t> x2;
};
TensordotAxesArg tensordot_axes_arg(std::string_view function, py::handle value) {
  TensordotAxesArg axes;
  PyObject* object = value.ptr();
  if (PyLong_Check(object) && !PyBool_Check(object)) {
    axes.count = int_arg(function, "axes", value);
    return axes;
  }
  if ((py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) &&
      py::len(value) == 2) {
    const py::sequence pair = py::reinterpret_borrow<py::sequence>(value);
    axes.is_count = false;
    // Each half is a sequence of ints (one int is taken as a sequence of one).
    axes.x1 = shape_arg(function, "axes[0]", pair[0]);
    axes.x2 = shape_arg(function, "axes[1]", pair[1]);
    return axes;
  }
  throw py::type_error(fmt::format(
      "{}(): axes must be an int or a pair of sequences of ints (x1_axes, x2_axes), not {}",
      function, type_name(value)));
}

// rtol= of matrix_rank and pinv: None, a Python float (or int), or an array.
std::optional<strict::ArrayOrScalar> rtol_arg(std::string_view function, py::handle value) {
  if (value.is_none()) return std::nullopt;
  if (is_array(value)) return strict::ArrayOrScalar(array_arg(function, "rtol", value));
  return strict::ArrayOrScalar(
      real_number_arg(function, "rtol", value, "None, a float or a strict_xp array"));
}

// ord= of matrix_norm: 'fro', 'nuc' or a number (None means 'fro').
strict::linalg::MatrixNormOrder matrix_norm_ord_arg(py::handle value) {
  constexpr std::string_view function = "linalg.matrix_norm";
  if (value.is_none()) return strict::linalg::MatrixNormOrder("fro");
  if (py::isinstance<py::str>(value)) {
    const std::string name = value.cast<std::string>();
    if (name != "fro" && name != "nuc")
      throw py::value_error(fmt::format(
          "{}(): ord must be 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, not '{}'", function, name));
    return strict::linalg::MatrixNormOrder(std::string_view(name));
  }
  return strict::linalg::MatrixNormOrder(
      real_number_arg(function, "ord", value, "'fro', 'nuc', an int or a float (inf, -inf)"));
}

// linalg's matrix_rank, pinv: (x, /, *, rtol=None).
void def_with_tolerance(py::module_& linalg, const char* name, WithTolerance function,
                        const char* doc) {
  linalg.def(
      name,
      [f = std::string("linalg.") + name, function](py::handle x, py::handle rtol) {
        const strict::Array& a = array_arg(f, "x", x);
        return wrap(function(a, {.rtol = rtol_arg(f, rtol)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("rtol") = py::none(), doc);
}

}  // namespace

void bind_linear_algebra(py::module_& m, py::module_& linalg) {
  // ---- Main namespace --------------------------------------------------------------------------
  def_binary(m, "", "matmul", &strict::matmul, "The matrix product of x1 and x2.");
  def_unary(m, "", "matrix_transpose", &strict::matrix_transpose,
            "x with its last two dimensions swapped.");
  m.def(
      "tensordot",
      [](py::handle x1, py::handle x2, py::handle axes) {
        constexpr std::string_view f = "tensordot";
        const strict::Array& a = array_arg(f, "x1", x1);
        const strict::Array& b = array_arg(f, "x2", x2);
        const TensordotAxesArg given = tensordot_axes_arg(f, axes);
        const strict::TensordotAxes contracted = given.is_count
                                                     ? strict::TensordotAxes(given.count)
                                                     : strict::TensordotAxes(given.x1, given.x2);
        return wrap(strict::tensordot(a, b, {.axes = contracted}));
      },
      py::arg("x1"), py::arg("x2"), py::pos_only(), py::kw_only(), py::arg("axes") = 2,
      "The tensor contraction of x1 and x2 over `axes`.");
  def_binary_along_axis(m, "", "vecdot", &strict::vecdot,
                        "The dot product sum(conj(x1) * x2) along `axis`.");

  // ---- linalg: products and views of matrices --------------------------------------------------
  def_binary(linalg, "linalg.", "matmul", &strict::linalg::matmul,
             "The matrix product of x1 and x2.");
  def_unary(linalg, "linalg.", "matrix_transpose", &strict::linalg::matrix_transpose,
            "x with its last two dimensions swapped.");
  linalg.def(
      "tensordot",
      [](py::handle x1, py::handle x2, py::handle axes) {
        constexpr std::string_view f = "linalg.tensordot";
        const strict::Array& a = array_arg(f, "x1", x1);
        const strict::Array& b = array_arg(f, "x2", x2);
        const TensordotAxesArg given = tensordot_axes_arg(f, axes);
        strict::linalg::TensordotOptions options;
        if (given.is_count)
          options.axes = given.count;
        else
          options.axes = strict::linalg::AxisPairs{.x1 = given.x1, .x2 = given.x2};
        return wrap(strict::linalg::tensordot(a, b, options));
      },
      py::arg("x1"), py::arg("x2"), py::pos_only(), py::kw_only(), py::arg("axes") = 2,
      "The tensor contraction of x1 and x2 over `axes`.");
  def_binary_along_axis(linalg, "linalg.", "vecdot", &strict::linalg::vecdot,
                        "The dot product sum(conj(x1) * x2) along `axis`.");
  def_binary(linalg, "linalg.", "outer", &strict::linalg::outer,
             "The outer product of two 1-d arrays.");
  def_binary_along_axis(linalg, "linalg.", "cross", &strict::linalg::cross,
                        "Cross products of 3-element vectors along `axis`.");
  linalg.def(
      "diagonal",
      [](py::handle x, py::handle offset) {
        constexpr std::string_view f = "linalg.diagonal";
        const strict::Array& a = array_arg(f, "x", x);
        return wrap(
            strict::linalg::diagonal(a, {.offset = diagonal_offset_arg(f, "offset", offset)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("offset") = 0,
      "The diagonals of a stack of matrices.");
  linalg.def(
      "trace",
      [](py::handle x, py::handle offset, py::handle dtype) {
        constexpr std::string_view f = "linalg.trace";
        const strict::Array& a = array_arg(f, "x", x);
        return wrap(strict::linalg::trace(
            a, {.offset = diagonal_offset_arg(f, "offset", offset), .dtype = dtype_arg(f, dtype)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("offset") = 0,
      py::arg("dtype") = py::none(), "Sums of the diagonals of a stack of matrices.");

  // ---- linalg: decompositions (named tuples as in the standard) --------------------------------
  const py::object namedtuple = py::module_::import("collections").attr("namedtuple");
  const py::str module_name("strict_xp.linalg");
  const py::object eig_result = namedtuple(
      "EigResult", py::make_tuple("eigenvalues", "eigenvectors"), py::arg("module") = module_name);
  const py::object eigh_result = namedtuple(
      "EighResult", py::make_tuple("eigenvalues", "eigenvectors"), py::arg("module") = module_name);
  const py::object qr_result =
      namedtuple("QRResult", py::make_tuple("Q", "R"), py::arg("module") = module_name);
  const py::object slogdet_result = namedtuple("SlogdetResult", py::make_tuple("sign", "logabsdet"),
                                               py::arg("module") = module_name);
  const py::object svd_result =
      namedtuple("SVDResult", py::make_tuple("U", "S", "Vh"), py::arg("module") = module_name);

  linalg.def(
      "cholesky",
      [](py::handle x, py::handle upper) {
        constexpr std::string_view f = "linalg.cholesky";
        const strict::Array& a = array_arg(f, "x", x);
        return wrap(strict::linalg::cholesky(a, {.upper = bool_arg(f, "upper", upper)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("upper") = false,
      "The Cholesky factor of each Hermitian positive-definite matrix.");
  linalg.def(
      "eig",
      [eig_result](py::handle x) {
        const strict::linalg::EigResult r = strict::linalg::eig(array_arg("linalg.eig", "x", x));
        return eig_result(wrap(r.eigenvalues), wrap(r.eigenvectors));
      },
      py::arg("x"), py::pos_only(),
      "Eigenvalues and eigenvectors (unit columns) of general square matrices, complex: "
      "EigResult(eigenvalues, eigenvectors) (2025.12).");
  def_unary(linalg, "linalg.", "eigvals", &strict::linalg::eigvals,
            "The eigenvalues of general square matrices, complex (2025.12).");
  linalg.def(
      "eigh",
      [eigh_result](py::handle x) {
        const strict::linalg::EighResult r = strict::linalg::eigh(array_arg("linalg.eigh", "x", x));
        return eigh_result(wrap(r.eigenvalues), wrap(r.eigenvectors));
      },
      py::arg("x"), py::pos_only(),
      "Eigenvalues (ascending) and eigenvectors of Hermitian matrices: EighResult(eigenvalues, "
      "eigenvectors).");
  def_unary(linalg, "linalg.", "eigvalsh", &strict::linalg::eigvalsh,
            "The eigenvalues of Hermitian matrices, ascending.");
  linalg.def(
      "qr",
      [qr_result](py::handle x, py::handle mode) {
        constexpr std::string_view f = "linalg.qr";
        const strict::Array& a = array_arg(f, "x", x);
        const std::string name = str_arg(f, "mode", mode);
        strict::linalg::QrMode qr_mode = strict::linalg::QrMode::reduced;
        if (name == "complete")
          qr_mode = strict::linalg::QrMode::complete;
        else if (name != "reduced")
          throw py::value_error(
              fmt::format("{}(): mode must be 'reduced' or 'complete', not '{}'", f, name));
        const strict::linalg::QrResult r = strict::linalg::qr(a, {.mode = qr_mode});
        return qr_result(wrap(r.Q), wrap(r.R));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("mode") = "reduced",
      "The QR decomposition of each matrix: QRResult(Q, R).");
  linalg.def(
      "svd",
      [svd_result](py::handle x, py::handle full_matrices) {
        constexpr std::string_view f = "linalg.svd";
        const strict::Array& a = array_arg(f, "x", x);
        const strict::linalg::SvdResult r =
            strict::linalg::svd(a, {.full_matrices = bool_arg(f, "full_matrices", full_matrices)});
        return svd_result(wrap(r.U), wrap(r.S), wrap(r.Vh));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("full_matrices") = true,
      "The singular value decomposition x = U diag(S) Vh: SVDResult(U, S, Vh).");
  def_unary(linalg, "linalg.", "svdvals", &strict::linalg::svdvals,
            "The singular values of each matrix, descending.");

  // ---- linalg: determinants, inverses and linear systems ---------------------------------------
  def_unary(linalg, "linalg.", "det", &strict::linalg::det,
            "The determinant of each square matrix.");
  linalg.def(
      "slogdet",
      [slogdet_result](py::handle x) {
        const strict::linalg::SlogdetResult r =
            strict::linalg::slogdet(array_arg("linalg.slogdet", "x", x));
        return slogdet_result(wrap(r.sign), wrap(r.logabsdet));
      },
      py::arg("x"), py::pos_only(),
      "The sign and the natural log of the absolute determinant: SlogdetResult(sign, logabsdet).");
  def_unary(linalg, "linalg.", "inv", &strict::linalg::inv,
            "The inverse of each square matrix; LinAlgError for a singular one.");
  def_binary(linalg, "linalg.", "solve", &strict::linalg::solve,
             "The solution X of x1 X = x2; LinAlgError for a singular x1.");
  linalg.def(
      "matrix_power",
      [](py::handle x, py::handle n) {
        constexpr std::string_view f = "linalg.matrix_power";
        const strict::Array& a = array_arg(f, "x", x);
        return wrap(strict::linalg::matrix_power(a, int_arg(f, "n", n)));
      },
      py::arg("x"), py::arg("n"), py::pos_only(), "x raised to the integer power n.");
  def_with_tolerance(linalg, "matrix_rank", &strict::linalg::matrix_rank,
                     "The number of singular values above the tolerance.");
  def_with_tolerance(linalg, "pinv", &strict::linalg::pinv,
                     "The Moore-Penrose pseudo-inverse of each matrix.");

  // ---- linalg: norms ----------------------------------------------------------------------------
  linalg.def(
      "matrix_norm",
      [](py::handle x, py::handle keepdims, py::handle ord) {
        constexpr std::string_view f = "linalg.matrix_norm";
        const strict::Array& a = array_arg(f, "x", x);
        return wrap(strict::linalg::matrix_norm(
            a, {.keepdims = bool_arg(f, "keepdims", keepdims), .ord = matrix_norm_ord_arg(ord)}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("keepdims") = false,
      py::arg("ord") = "fro",
      "Norms of the matrices of x: ord is 'fro', 'nuc', 1, -1, 2, -2, inf or -inf.");
  linalg.def(
      "vector_norm",
      [](py::handle x, py::handle axis, py::handle keepdims, py::handle ord) {
        constexpr std::string_view f = "linalg.vector_norm";
        const strict::Array& a = array_arg(f, "x", x);
        return wrap(strict::linalg::vector_norm(
            a, {.axis = axes_arg(f, axis),
                .keepdims = bool_arg(f, "keepdims", keepdims),
                .ord = real_number_arg(f, "ord", ord, "an int or a float (inf, -inf)")}));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      py::arg("keepdims") = false, py::arg("ord") = 2,
      "Vector norms of x along `axis` (every element for None).");
}

}  // namespace strict_xp
