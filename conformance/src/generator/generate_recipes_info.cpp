// Recipes of the data type functions that take dtypes or arrays and return no array: can_cast,
// finfo, iinfo, isdtype. (result_type and the inspection API go the generic path.)
#include "recipes.hpp"

namespace conformance::generate::detail {

namespace {

// can_cast(from_, to, /): from_ an array (a device-placed input), to a dtype.
Program can_cast(CallBuilder& b) {
  const Input from = single_input(b, draw_shape(0), "any");
  return b.finish({from.ref, DTypeName{b.pick_dtype({"any"})}});
}

// finfo/iinfo(type, /): an array of the category, or the dtype itself.
Recipe type_info(std::string_view category) {
  return [category](CallBuilder& b) {
    if (b.mixed() || coin(50)) {
      const Input type = single_input(b, draw_shape(0), category);
      return b.finish({type.ref});
    }
    b.place(0);
    return b.finish({DTypeName{b.pick_dtype({category})}});
  };
}

// isdtype(dtype, kind): two dtypes (a kind may be a dtype).
Program isdtype(CallBuilder& b) {
  b.place(0);
  const std::string dtype = b.pick_dtype({"any"});
  return b.finish({DTypeName{dtype}, DTypeName{b.pick_dtype({"any"})}});
}

}  // namespace

void add_info_recipes(RecipeTable& table) {
  table.emplace("can_cast", can_cast);
  table.emplace("finfo", type_info("floating"));
  table.emplace("iinfo", type_info("integer"));
  table.emplace("isdtype", isdtype);
}

}  // namespace conformance::generate::detail
