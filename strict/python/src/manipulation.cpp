// The standard's manipulation functions (concat, reshape, flip, broadcast_to, ...) and its indexing
// functions take and take_along_axis. matrix_transpose is in linear_algebra.cpp.
#include <string>

#include <fmt/format.h>
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "converters.hpp"

namespace strict_xp {

void bind_manipulation(py::module_& m) {
  m.def(
      "broadcast_arrays",
      [](const py::args& arrays) {
        std::vector<strict::Array> inputs;
        for (std::size_t i = 0; i < arrays.size(); ++i)
          inputs.push_back(array_arg("broadcast_arrays", fmt::format("arrays[{}]", i), arrays[i]));
        // 2025.12 returns Tuple[array, ...] (List[array] before).
        return wrap_all(strict::broadcast_arrays(inputs));
      },
      "The arrays broadcast against each other, as a tuple.");

  m.def(
      "broadcast_shapes",
      [](const py::args& shapes) {
        std::vector<strict::Shape> inputs;
        for (std::size_t i = 0; i < shapes.size(); ++i) {
          const std::string parameter = fmt::format("shapes[{}]", i);
          // "*shapes: Tuple[Optional[int], ...]": a tuple each, not an int or a list as NumPy's
          // takes (None, an unknown extent, is for libraries that build graphs; int_arg refuses
          // it).
          if (!py::isinstance<py::tuple>(shapes[i])) {
            throw py::type_error(
                fmt::format("broadcast_shapes(): {} must be a tuple of ints, not {}", parameter,
                            type_name(shapes[i])));
          }
          inputs.push_back(shape_arg("broadcast_shapes", parameter, shapes[i]));
        }
        const strict::Shape shape = strict::broadcast_shapes(inputs);
        py::tuple out(shape.size());
        for (std::size_t i = 0; i < shape.size(); ++i)
          out[i] = py::int_(shape[i]);
        return out;
      },
      "The shape the given shapes broadcast to, as a tuple of ints (2025.12).");

  m.def(
      "broadcast_to",
      [](py::handle x, py::handle shape) {
        const strict::Array& array = array_arg("broadcast_to", "x", x);
        return wrap(strict::broadcast_to(array, shape_arg("broadcast_to", "shape", shape)));
      },
      py::arg("x"), py::pos_only(), py::arg("shape"), "x broadcast to shape.");

  m.def(
      "concat",
      [](py::handle arrays, py::handle axis) {
        const std::vector<strict::Array> inputs = arrays_arg("concat", "arrays", arrays);
        return wrap(strict::concat(inputs, optional_int_arg("concat", "axis", axis)));
      },
      py::arg("arrays"), py::pos_only(), py::kw_only(), py::arg("axis") = 0,
      "The arrays joined along an existing axis (None: flattened first).");

  m.def(
      "expand_dims",
      [](py::handle x, py::handle axis) {
        const strict::Array& array = array_arg("expand_dims", "x", x);
        // 2025.12: "axis: Union[int, Tuple[int, ...]]".
        if (py::isinstance<py::tuple>(axis))
          return wrap(strict::expand_dims(array, int_or_ints_arg("expand_dims", "axis", axis)));
        return wrap(strict::expand_dims(array, int_arg("expand_dims", "axis", axis)));
      },
      py::arg("x"), py::pos_only(), py::arg("axis"),
      "x with a new axis of size 1 at axis (or at each of a tuple of axes).");

  m.def(
      "flip",
      [](py::handle x, py::handle axis) {
        const strict::Array& array = array_arg("flip", "x", x);
        return wrap(strict::flip(array, axes_arg("flip", axis)));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      "x with the order of its elements reversed along axis (every axis for None).");

  m.def(
      "moveaxis",
      [](py::handle x, py::handle source, py::handle destination) {
        const strict::Array& array = array_arg("moveaxis", "x", x);
        strict::Axes from = int_or_int_sequence_arg("moveaxis", "source", source);
        strict::Axes to = int_or_int_sequence_arg("moveaxis", "destination", destination);
        return wrap(strict::moveaxis(array, from, to));
      },
      py::arg("x"), py::arg("source"), py::arg("destination"), py::pos_only(),
      "x with the axes source moved to the positions destination.");

  m.def(
      "permute_dims",
      [](py::handle x, py::handle axes) {
        const strict::Array& array = array_arg("permute_dims", "x", x);
        return wrap(strict::permute_dims(array, shape_arg("permute_dims", "axes", axes)));
      },
      py::arg("x"), py::pos_only(), py::arg("axes"), "x with its axes in the order axes.");

  m.def(
      "repeat",
      [](py::handle x, py::handle repeats, py::handle axis) {
        const strict::Array& array = array_arg("repeat", "x", x);
        if (is_array(repeats)) {
          const strict::Array& counts = array_arg("repeat", "repeats", repeats);
          return wrap(strict::repeat(array, counts, optional_int_arg("repeat", "axis", axis)));
        }
        if (!PyLong_Check(repeats.ptr()) || PyBool_Check(repeats.ptr()))
          throw py::type_error(fmt::format("repeat(): repeats must be an int or an array, not {}",
                                           type_name(repeats)));
        const std::int64_t count = int_arg("repeat", "repeats", repeats);
        return wrap(strict::repeat(array, count, optional_int_arg("repeat", "axis", axis)));
      },
      py::arg("x"), py::arg("repeats"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      "Each element of x repeated along axis (None: flattened).");

  m.def(
      "reshape",
      [](py::handle x, py::handle shape, py::handle copy) {
        const strict::Array& array = array_arg("reshape", "x", x);
        strict::Shape new_shape = shape_arg("reshape", "shape", shape);
        return wrap(strict::reshape(array, new_shape, optional_bool_arg("reshape", "copy", copy)));
      },
      py::arg("x"), py::pos_only(), py::arg("shape"), py::kw_only(), py::arg("copy") = py::none(),
      "The elements of x in a new shape.");

  m.def(
      "roll",
      [](py::handle x, py::handle shift, py::handle axis) {
        const strict::Array& array = array_arg("roll", "x", x);
        strict::Axes shifts = int_or_ints_arg("roll", "shift", shift);
        return wrap(strict::roll(array, shifts, axes_arg("roll", axis)));
      },
      py::arg("x"), py::pos_only(), py::arg("shift"), py::kw_only(), py::arg("axis") = py::none(),
      "x with its elements shifted along axis, wrapping around (None: flattened).");

  m.def(
      "squeeze",
      [](py::handle x, py::handle axis) {
        const strict::Array& array = array_arg("squeeze", "x", x);
        return wrap(strict::squeeze(array, int_or_ints_arg("squeeze", "axis", axis)));
      },
      py::arg("x"), py::pos_only(), py::arg("axis"), "x without the size-1 axes axis.");

  m.def(
      "stack",
      [](py::handle arrays, py::handle axis) {
        const std::vector<strict::Array> inputs = arrays_arg("stack", "arrays", arrays);
        return wrap(strict::stack(inputs, int_arg("stack", "axis", axis)));
      },
      py::arg("arrays"), py::pos_only(), py::kw_only(), py::arg("axis") = 0,
      "The arrays joined along a new axis.");

  m.def(
      "tile",
      [](py::handle x, py::handle repetitions) {
        const strict::Array& array = array_arg("tile", "x", x);
        return wrap(strict::tile(array, shape_arg("tile", "repetitions", repetitions)));
      },
      py::arg("x"), py::arg("repetitions"), py::pos_only(),
      "x repeated repetitions[d] times along each axis d.");

  m.def(
      "unstack",
      [](py::handle x, py::handle axis) {
        const strict::Array& array = array_arg("unstack", "x", x);
        return wrap_all(strict::unstack(array, int_arg("unstack", "axis", axis)));
      },
      py::arg("x"), py::pos_only(), py::kw_only(), py::arg("axis") = 0,
      "The slices of x along axis, as a tuple.");

  m.def(
      "take",
      [](py::handle x, py::handle indices, py::handle axis) {
        const strict::Array& array = array_arg("take", "x", x);
        const strict::Array& index = array_arg("take", "indices", indices);
        return wrap(strict::take(array, index, {.axis = optional_int_arg("take", "axis", axis)}));
      },
      py::arg("x"), py::arg("indices"), py::pos_only(), py::kw_only(), py::arg("axis") = py::none(),
      "The elements of x at indices along axis.");

  m.def(
      "take_along_axis",
      [](py::handle x, py::handle indices, py::handle axis) {
        const strict::Array& array = array_arg("take_along_axis", "x", x);
        const strict::Array& index = array_arg("take_along_axis", "indices", indices);
        return wrap(strict::take_along_axis(array, index,
                                            {.axis = int_arg("take_along_axis", "axis", axis)}));
      },
      py::arg("x"), py::arg("indices"), py::pos_only(), py::kw_only(), py::arg("axis") = -1,
      "The elements of x at indices, matched element by element along axis.");
}

}  // namespace strict_xp
