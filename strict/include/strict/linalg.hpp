// The linear algebra extension of the standard (spec/2024.12/extensions/
// linear_algebra_functions.rst, src/array_api_stubs/_2024_12/linalg.py), as namespace
// strict::linalg.
//
// Devices: every result is on the device of the input arrays ("Preserve device assignment",
// design_topics/device_support.rst). Functions of two arrays (cross, matmul, outer, solve,
// tensordot, vecdot, and matrix_rank and pinv with an array rtol) raise DeviceMismatchError,
// before any other check, when their arrays are on different devices; 0-d arrays are not exempt.
//
// Dtypes: where the standard says x "should have a floating-point data type", strict accepts
// float32, float64, complex64 and complex128 and raises DTypeError for anything else (it does not
// convert integers for the caller). The factorisations compute in double precision
// (std::complex<double> for complex input) and round the result to its dtype once. Complex input
// is supported by every function, as 2022.12 added it everywhere.
//
// Hermitian input (cholesky, eigh, eigvalsh) is read from its lower triangle only, as LAPACK
// (uplo='L') and NumPy do: the standard leaves checking that the matrix is Hermitian to the
// library, and strict does not check it.
//
// Matrices that cannot be factorised raise LinAlgError, an InvalidArgumentError (Python's
// ValueError: numpy.linalg.LinAlgError is a ValueError too) naming the function and which matrix
// of the stack failed: inv and solve of a singular matrix, matrix_power with n < 0 of one, and
// cholesky of a matrix that is not positive-definite. "Singular" means an exactly zero pivot in
// Gaussian elimination with partial pivoting; a nearly singular matrix gives large values, as in
// NumPy. det and slogdet of a singular matrix give 0 (sign 0, logabsdet -inf), as the standard
// says. Shapes the functions cannot take (fewer than two dimensions, matrices that are not square
// where they must be, mismatched dimensions, axes out of range) raise InvalidArgumentError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "strict/array.hpp"
#include "strict/errors.hpp"
#include "strict/operand.hpp"
#include "strict/statistical.hpp"

namespace strict::linalg {

// A matrix that cannot be factorised as asked (singular, or not positive-definite).
class LinAlgError : public InvalidArgumentError {
 public:
  using InvalidArgumentError::InvalidArgumentError;
};

// ---- Products and views of matrices ------------------------------------------------------------

// The standard makes linalg.matmul an alias of matmul (linear_algebra.hpp): the same rules; the
// device check names linalg.matmul.
Array matmul(const Array& x1, const Array& x2);

// (..., M, N) -> (..., N, M): every matrix of the stack transposed. Any dtype.
Array matrix_transpose(const Array& x);

// axes= of tensordot as a pair of sequences: x1's axes x1[i] and x2's axes x2[i] are contracted
// with each other. Negative axes count from the end; an axis named twice raises.
struct AxisPairs {
  std::vector<std::int64_t> x1 = {};
  std::vector<std::int64_t> x2 = {};
};
struct TensordotOptions {
  // An int N contracts the last N axes of x1 with the first N of x2 (N >= 0).
  std::variant<std::int64_t, AxisPairs> axes = std::int64_t{2};
};
// The contraction of x1 and x2 over `axes` (numeric dtypes, promoted; no conjugation). The
// result's shape is x1's remaining axes then x2's. Contracted axes must have equal sizes: the
// standard says they "must not be broadcasted".
Array tensordot(const Array& x1, const Array& x2, const TensordotOptions& options = {});

struct VecdotOptions {
  std::int64_t axis = -1;
};
// sum(conj(x1) * x2) along `axis` (numeric dtypes, promoted), the other dimensions broadcast.
// The standard: axis "Should be an integer on the interval [-N, -1], where N is min(x1.ndim,
// x2.ndim)" and the contracted axis "must not be broadcasted" (its sizes must be equal). strict
// also takes a non-negative axis when x1 and x2 have the same number of dimensions, where it names
// the same dimension of both; otherwise a non-negative axis raises InvalidArgumentError.
Array vecdot(const Array& x1, const Array& x2, const VecdotOptions& options = {});

// The outer product of two 1-d arrays: shape (N, M), numeric dtypes, promoted.
Array outer(const Array& x1, const Array& x2);

struct CrossOptions {
  std::int64_t axis = -1;
};
// Cross products of 3-element vectors along `axis` (numeric dtypes, promoted), the other
// dimensions broadcast. That axis must have size 3 in both x1 and x2 (it is not broadcast);
// `axis` follows vecdot's rule.
Array cross(const Array& x1, const Array& x2, const CrossOptions& options = {});

struct DiagonalOptions {
  std::int64_t offset = 0;  // > 0 above the main diagonal, < 0 below
};
// The diagonals of a stack of matrices: (..., M, N) -> (..., K). Any dtype. An offset beyond the
// matrix gives K = 0.
Array diagonal(const Array& x, const DiagonalOptions& options = {});

struct TraceOptions {
  std::int64_t offset = 0;
  // None: x's dtype, except that an integer dtype narrower than the default integer dtype of x's
  // device becomes it (or the unsigned integer dtype of its size), as for sum.
  std::optional<DType> dtype = std::nullopt;
};
// Sums of the diagonals: (..., M, N) -> (...). Numeric dtypes; x is cast to the result dtype
// before summing (a complex x cannot be cast to a real dtype: DTypeError).
Array trace(const Array& x, const TraceOptions& options = {});

// ---- Decompositions ----------------------------------------------------------------------------

struct CholeskyOptions {
  bool upper = false;  // U with x = U^H U instead of L with x = L L^H
};
// The Cholesky factor of each Hermitian positive-definite matrix of x (..., M, M); LinAlgError
// for a matrix that is not positive-definite.
Array cholesky(const Array& x, const CholeskyOptions& options = {});

struct EighResult {
  Array eigenvalues;   // (..., M), the real dtype of x's precision, ascending
  Array eigenvectors;  // (..., M, M), x's dtype; the columns are the eigenvectors
  std::vector<Array> arrays() const { return {eigenvalues, eigenvectors}; }
};
// Eigenvalues and eigenvectors of Hermitian matrices (Eigen's SelfAdjointEigenSolver). The
// standard leaves the order unspecified; strict sorts the eigenvalues in ascending order, as
// LAPACK does.
EighResult eigh(const Array& x);
// The eigenvalues of eigh(x), ascending.
Array eigvalsh(const Array& x);

// linalg.py (2025.12), eig: "a namedtuple (eigenvalues, eigenvectors)". Its "These matrices must
// be orthogonal" cannot hold for a matrix that is not normal (its eigenvectors are not); strict
// gives what LAPACK and NumPy give: each column scaled to unit 2-norm.
struct EigResult {
  Array eigenvalues;   // (..., M), complex of x's precision (float32 -> complex64), unsorted
  Array eigenvectors;  // (..., M, M), the same dtype; column i belongs to eigenvalue i, unit norm
  std::vector<Array> arrays() const { return {eigenvalues, eigenvectors}; }
};
// Eigenvalues and eigenvectors of general square matrices (2025.12; Eigen's complex Schur
// decomposition in double precision). The results are complex even for real x whose eigenvalues
// are real; a device without that complex dtype raises UnsupportedDTypeError. A matrix holding a
// NaN or an infinity raises LinAlgError (as NumPy's eig does; the standard is silent), and so
// does one whose iteration does not converge.
EigResult eig(const Array& x);
// The eigenvalues of eig(x), in the same order.
Array eigvals(const Array& x);

enum class QrMode {
  reduced,   // Q (..., M, K), R (..., K, N) with K = min(M, N)
  complete,  // Q (..., M, M), R (..., M, N)
};
struct QrOptions {
  QrMode mode = QrMode::reduced;
};
struct QrResult {
  Array Q;  // orthonormal columns
  Array R;  // upper triangular, its diagonal real with LAPACK's signs
  std::vector<Array> arrays() const { return {Q, R}; }
};
// The QR decomposition (Householder reflections) of each matrix of x (..., M, N). Matrices
// without full column rank are not rejected (the standard leaves that to the library): R then has
// zeros on its diagonal.
QrResult qr(const Array& x, const QrOptions& options = {});

struct SvdOptions {
  bool full_matrices = true;  // U (..., M, M) and Vh (..., N, N); else (..., M, K), (..., K, N)
};
struct SvdResult {
  Array U;   // x's dtype
  Array S;   // (..., K), K = min(M, N), the real dtype of x's precision, descending
  Array Vh;  // x's dtype
  std::vector<Array> arrays() const { return {U, S, Vh}; }
};
// The singular value decomposition x = U diag(S) Vh (Eigen's divide-and-conquer BDCSVD, after a QR
// factorisation for a matrix at least twice as tall as wide). full_matrices=false computes only
// the K columns of U and rows of Vh: O(M N K), never an M x M matrix.
SvdResult svd(const Array& x, const SvdOptions& options = {});
// The singular values of each matrix, descending: (..., K) of the real dtype of x's precision.
Array svdvals(const Array& x);

// ---- Determinants, inverses and linear systems -------------------------------------------------

// The determinant of each square matrix: (..., M, M) -> (...), x's dtype.
Array det(const Array& x);

struct SlogdetResult {
  Array sign;       // x's dtype: -1, 0 or 1 (for complex x, det / |det|, or 0)
  Array logabsdet;  // the real dtype of x's precision; -inf where det is 0
  std::vector<Array> arrays() const { return {sign, logabsdet}; }
};
SlogdetResult slogdet(const Array& x);

// The inverse of each square matrix; LinAlgError for a singular one.
Array inv(const Array& x);

// The solution X of x1 X = x2 for square x1 (..., M, M). x2 of shape (M,) is one vector for every
// matrix (result shape(x1)[:-2] + (M,)); otherwise x2 is a stack (..., M, K) whose batch
// dimensions broadcast with x1's (the standard's 2024.12 wording). Floating-point dtypes,
// promoted; LinAlgError for a singular x1.
Array solve(const Array& x1, const Array& x2);

// x raised to the integer power n: the identity for n = 0, powers of the inverse for n < 0
// (LinAlgError for a singular matrix).
Array matrix_power(const Array& x, std::int64_t n);

struct ToleranceOptions {
  // Singular values at or below rtol * (the largest singular value) count as zero. A Python
  // float (or int), or an array of a real floating-point dtype that broadcasts against
  // shape(x)[:-2] (then a second array input, on x's device). None: max(M, N) * eps of x's
  // precision (float32: 2^-23, float64: 2^-52).
  std::optional<ArrayOrScalar> rtol = std::nullopt;
};
// The number of singular values above the tolerance: (...) of the default integer dtype of x's
// device.
Array matrix_rank(const Array& x, const ToleranceOptions& options = {});
// The Moore-Penrose pseudo-inverse (..., N, M) through the SVD, small singular values dropped.
Array pinv(const Array& x, const ToleranceOptions& options = {});

// ---- Norms -------------------------------------------------------------------------------------

// ord= of matrix_norm: "fro", "nuc", or one of the numbers 1, -1, 2, -2, inf, -inf (write inf as
// std::numeric_limits<double>::infinity()). Anything else raises InvalidArgumentError when
// matrix_norm runs.
class MatrixNormOrder {
 public:
  MatrixNormOrder(double number) : number_(number) {}  // NOLINT: implicit, like a Python value
  MatrixNormOrder(int number) : number_(number) {}     // NOLINT
  MatrixNormOrder(std::int64_t number) : number_(static_cast<double>(number)) {}  // NOLINT
  MatrixNormOrder(const char* name) : name_(name) {}                              // NOLINT
  MatrixNormOrder(std::string_view name) : name_(name) {}                         // NOLINT

  bool is_name() const { return name_.has_value(); }
  const std::string& name() const { return *name_; }
  double number() const { return number_; }

 private:
  std::optional<std::string> name_;
  double number_ = 0;
};

struct MatrixNormOptions {
  bool keepdims = false;  // keep the last two dimensions as size 1
  MatrixNormOrder ord = MatrixNormOrder("fro");
};
// Norms of the matrices of x (..., M, N): (...), of the real dtype of x's precision. Norms that
// take a maximum or minimum (1, -1, 2, -2, inf, -inf) raise InvalidArgumentError for matrices with
// no elements to take it over.
Array matrix_norm(const Array& x, const MatrixNormOptions& options = {});

struct VectorNormOptions {
  std::optional<Axes> axis = std::nullopt;  // None: every element
  bool keepdims = false;
  double ord = 2;  // any real p, 0 (count of nonzeros), inf (max |x|) or -inf (min |x|)
};
// Vector norms of x along `axis`, of the real dtype of x's precision. ord=inf and ord=-inf over
// no elements raise InvalidArgumentError (no maximum or minimum); other orders of no elements
// give sum(|x|^p)^(1/p) of an empty sum.
Array vector_norm(const Array& x, const VectorNormOptions& options = {});

}  // namespace strict::linalg
