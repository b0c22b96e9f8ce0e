// The numerical kernels of strict::linalg, on one matrix at a time, stored row-major. C is the
// compute type: double or std::complex<double> (linalg_support.hpp). Eigen computes them
// (linalg_kernels.cpp) with the standard algorithms: LU with partial pivoting, Cholesky,
// Householder QR, tridiagonal QR iteration for Hermitian eigenproblems, divide-and-conquer SVD.
// Thin forms are computed thin: the reduced QR or thin SVD of an m x n matrix costs
// O(m n min(m, n)) and never forms an m x m matrix.
#pragma once

#include <cstdint>
#include <vector>

namespace strict::internal::linalg {

// P A = L U of a square n x n matrix.
template <class C>
struct LuFactors {
  std::vector<C> lu;  // L below the diagonal (its unit diagonal implied), U above
  std::vector<std::int64_t> pivot_rows;  // row i of P A is row pivot_rows[i] of A
  bool odd_swaps = false;                // det(P) = -1
  bool singular = false;                 // an exactly zero pivot: U[k, k] = 0
};
template <class C>
LuFactors<C> lu_factor(const C* a, std::int64_t n);

// Overwrites b (n x columns) with the solution X of A X = B. A must not be singular.
template <class C>
void lu_solve(const LuFactors<C>& factors, std::int64_t n, C* b, std::int64_t columns);

// The lower-triangular L with L L^H = A, reading only the lower triangle of A (as LAPACK's
// potrf with uplo='L' does). False when A is not positive-definite (a pivot <= 0, or NaN).
template <class C>
bool cholesky_lower(const C* a, std::int64_t n, std::vector<C>& lower);

// Eigenvalues (ascending) and, when `vectors` is given, orthonormal eigenvectors (its columns,
// n x n) of the Hermitian matrix whose lower triangle is that of `a` (LAPACK's uplo='L'). A NaN
// or an infinity in that triangle makes them all NaN.
template <class C>
void hermitian_eigen(const C* a, std::int64_t n, std::vector<double>& values,
                     std::vector<C>* vectors);

// The min(m, n) singular values of an m x n matrix in descending order, no vectors computed;
// all NaN when the matrix holds a NaN or an infinity.
template <class C>
std::vector<double> singular_values(const C* a, std::int64_t m, std::int64_t n);

// A = U diag(s) Vh of an m x n matrix, k = min(m, n), s as singular_values gives it. Thin: u is
// m x k and vh k x n; `full`: u is m x m and vh n x n, both unitary. A NaN or an infinity in A
// makes s and vh all NaN and u the identity's first columns.
template <class C>
void singular_value_decomposition(const C* a, std::int64_t m, std::int64_t n, bool full,
                                  std::vector<double>& s, std::vector<C>& u, std::vector<C>& vh);

// A = Q R of an m x n matrix, k = min(m, n). Reduced: q is m x k with orthonormal columns and r
// k x n; `complete`: q is m x m unitary and r m x n. R is upper triangular, its diagonal real
// with the signs LAPACK's Householder QR gives (NumPy's).
template <class C>
void householder_qr(const C* a, std::int64_t m, std::int64_t n, bool complete, std::vector<C>& q,
                    std::vector<C>& r);

// The product of a (rows x inner) and b (inner x columns).
template <class C>
std::vector<C> multiply(const C* a, const C* b, std::int64_t rows, std::int64_t inner,
                        std::int64_t columns);

}  // namespace strict::internal::linalg
