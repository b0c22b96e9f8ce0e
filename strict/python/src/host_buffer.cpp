// The buffer protocol (PEP 3118) for strict_xp arrays: a zero-copy host view of a cpu array, in
// every dtype (bool, complex included), that NumPy 1.x and 2.x read alike (numpy.asarray(x),
// memoryview(x)). NumPy before 1.25 reads no bool through DLPack, so without this a cpu bool
// array had no way to the host. Arrays on other devices refuse with HostAccessError, as every
// host read of their data does. strict's arrays are always writable, so the view is too.
#include <memory>
#include <vector>

#include "bindings.hpp"
#include "converters.hpp"
#include "fast_function.hpp"

namespace strict_xp {
namespace {

// PEP 3118 formats, native byte order and size. The 64-bit integers are C's `long` where it is 64
// bits wide (Linux, macOS), as NumPy's int64 is: NumPy maps "q" to its longlong type, a distinct
// type number that C extensions checking for NPY_INT64 refuse (SciPy's rank_filter: "Unsupported
// array type").
constexpr bool long_is_64_bits = sizeof(long) == 8;

const char* format_of(strict::DType dtype) {
  using strict::DType;
  switch (dtype) {
    case DType::bool_:
      return "?";
    case DType::int8:
      return "b";
    case DType::int16:
      return "h";
    case DType::int32:
      return "i";
    case DType::int64:
      return long_is_64_bits ? "l" : "q";
    case DType::uint8:
      return "B";
    case DType::uint16:
      return "H";
    case DType::uint32:
      return "I";
    case DType::uint64:
      return long_is_64_bits ? "L" : "Q";
    case DType::float32:
      return "f";
    case DType::float64:
      return "d";
    case DType::complex64:
      return "Zf";
    case DType::complex128:
      return "Zd";
  }
  return "B";
}

// Shape and strides of one view, kept until the view is released.
struct ViewLayout {
  std::vector<Py_ssize_t> shape;
  std::vector<Py_ssize_t> strides;
};

extern "C" int get_host_buffer(PyObject* object, Py_buffer* view, int flags) noexcept {
  view->obj = nullptr;
  try {
    const strict::Array& x = py::handle(object).cast<const strict::Array&>();
    require_host("buffer protocol (memoryview, numpy.asarray)", x);
    auto layout = std::make_unique<ViewLayout>();
    const auto itemsize = static_cast<Py_ssize_t>(strict::item_size(x.dtype()));
    layout->shape.assign(x.shape().begin(), x.shape().end());
    // A consumer that takes strides and asks for no contiguity (NumPy does) gets a view's
    // elements where they lie, so its writes reach the array the view shows; the others get them
    // in C order.
    const bool strided = (flags & PyBUF_STRIDES) == PyBUF_STRIDES &&
                         (flags & PyBUF_ANY_CONTIGUOUS) != PyBUF_ANY_CONTIGUOUS &&
                         (flags & PyBUF_C_CONTIGUOUS) != PyBUF_C_CONTIGUOUS &&
                         (flags & PyBUF_F_CONTIGUOUS) != PyBUF_F_CONTIGUOUS;
    if (strided) {
      const strict::ExchangedMemory memory = strict::exchange_memory(x);
      view->buf = x.size() == 0 ? nullptr : memory.data;
      for (const std::int64_t stride : memory.strides)
        layout->strides.push_back(static_cast<Py_ssize_t>(stride) * itemsize);
    } else {
      view->buf = x.size() == 0 ? nullptr : strict::exchange_pointer(x);
      Py_ssize_t stride = itemsize;
      layout->strides.resize(layout->shape.size());
      for (std::size_t axis = layout->shape.size(); axis-- > 0;) {  // C order
        layout->strides[axis] = stride;
        stride *= layout->shape[axis];
      }
    }
    view->len = itemsize * static_cast<Py_ssize_t>(x.size());
    view->itemsize = itemsize;
    view->readonly = 0;
    view->ndim = static_cast<int>(x.ndim());
    view->format = (flags & PyBUF_FORMAT) ? const_cast<char*>(format_of(x.dtype())) : nullptr;
    // A consumer that asks for no strides gets C order, so it may also have no shape (ndim 1).
    view->shape = (flags & PyBUF_ND) ? layout->shape.data() : nullptr;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? layout->strides.data() : nullptr;
    if (!(flags & PyBUF_ND)) view->ndim = 1;
    view->suboffsets = nullptr;
    view->internal = layout.release();
    view->obj = py::handle(object).inc_ref().ptr();
    return 0;
  } catch (...) {
    raise_current_exception();
  }
  return -1;
}

extern "C" void release_host_buffer(PyObject*, Py_buffer* view) noexcept {
  delete static_cast<ViewLayout*>(view->internal);
}

}  // namespace

void enable_host_buffer(py::handle array_type) {
  // pybind11's own buffer protocol cannot refuse a request (an exception in it terminates) and
  // gives 0-d arrays one dimension: strict_xp fills the slots itself.
  auto* heap_type = reinterpret_cast<PyHeapTypeObject*>(array_type.ptr());
  heap_type->as_buffer.bf_getbuffer = get_host_buffer;
  heap_type->as_buffer.bf_releasebuffer = release_host_buffer;
  heap_type->ht_type.tp_as_buffer = &heap_type->as_buffer;
}

}  // namespace strict_xp
