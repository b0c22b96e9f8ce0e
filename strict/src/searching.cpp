// where: choosing elements from two operands by a boolean condition.
#include "strict/searching.hpp"

#include <array>
#include <vector>

#include "internal/array_access.hpp"
#include "internal/broadcast.hpp"
#include "internal/convert.hpp"
#include "internal/dispatch.hpp"
#include "internal/elementwise.hpp"
#include "internal/placement.hpp"

namespace strict {
Array where(const Array& condition, const ArrayOrScalar& x1, const ArrayOrScalar& x2) {
  // spec/2024.12/design_topics/device_support.rst: "Raise an exception if an operation involves
  // arrays on different devices"; 0-d arrays are no exception.
  std::vector<internal::NamedArray> named{{"condition", &condition}};
  if (x1.is_array()) named.push_back({"x1", &x1.array()});
  if (x2.is_array()) named.push_back({"x2", &x2.array()});
  const Device device = internal::common_device("where", named);
  // spec/2024.12 where: condition "Should have a boolean data type".
  internal::require_category("where", "condition", condition.dtype(), internal::Category::boolean);
  // spec: "The returned array must have a data type determined by Type Promotion Rules with the
  // arrays x1 and x2", or by "Mixing arrays with Python scalars" for a scalar operand; "At least
  // one of x1 and x2 must be an array."
  const DType dtype = internal::binary_result_dtype("where", x1, x2);
  static const Shape scalar_shape{};
  Shape shape = condition.shape();
  for (const ArrayOrScalar* operand : {&x1, &x2}) {
    if (operand->is_array()) {
      shape = internal::broadcast_shapes("where", shape, operand->array().shape());
    }
  }
  Array out =
      ArrayAccess::allocate(shape, dtype, device, propagated_from("where", condition.provenance()));
  internal::visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const auto read = [&](const ArrayOrScalar& operand) {
      std::vector<T> elements;
      if (!operand.is_array()) {
        elements.push_back(operand.scalar().template as<T>());
        return elements;
      }
      const Array& a = operand.array();
      elements.resize(static_cast<std::size_t>(a.size()));
      internal::visit_dtype(a.dtype(), [&](auto in_tag) {
        using In = typename decltype(in_tag)::type;
        const In* data = ArrayAccess::data<In>(a);
        for (std::size_t i = 0; i < elements.size(); ++i) {
          elements[i] = internal::convert_element<T>(data[i]);
        }
      });
      return elements;
    };
    const std::vector<T> first = read(x1);
    const std::vector<T> second = read(x2);
    const auto strides_of = [&](const ArrayOrScalar& operand) {
      return internal::broadcast_strides(
          operand.is_array() ? operand.array().shape() : scalar_shape, shape);
    };
    const std::array<Shape, 3> strides = {internal::broadcast_strides(condition.shape(), shape),
                                          strides_of(x1), strides_of(x2)};
    const bool* chosen = ArrayAccess::data<bool>(condition);
    T* result = ArrayAccess::data<T>(out);
    internal::for_each_broadcast<3>(shape, strides, [&](std::int64_t i, const auto& offsets) {
      result[i] = chosen[offsets[0]] ? first[static_cast<std::size_t>(offsets[1])]
                                     : second[static_cast<std::size_t>(offsets[2])];
    });
  });
  return out;
}

}  // namespace strict
