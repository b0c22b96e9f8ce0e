// call(): a valid call of one operation with its inputs placed on chosen devices. The CallBuilder
// does the placement, dtype choice and step writing; a recipe (or the generic path) decides the
// shapes and arguments.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "conformance/generate.hpp"
#include "recipes.hpp"
#include "shape_palette.hpp"

namespace conformance::generate {

namespace detail {

namespace {

// Sets of standard dtypes as bits, in standard_dtypes() order. Placement asks which dtypes some
// devices share within some categories for every device it considers; answered by comparing
// dtype names, that was a fifth of a whole strict run.
using DtypeSet = std::uint32_t;
static_assert(sizeof(DtypeSet) * 8 >= 13, "one bit per standard dtype (13 of them)");

bool holds(const DeviceDescription& device, std::string_view dtype) {
  return std::find(device.dtypes.begin(), device.dtypes.end(), dtype) != device.dtypes.end();
}

DtypeSet held_by(const DeviceDescription& device) {
  const auto& standard = standard_dtypes();
  DtypeSet set = 0;
  for (std::size_t i = 0; i < standard.size(); ++i)
    if (holds(device, standard[i])) set |= DtypeSet{1} << i;
  return set;
}

// The standard dtypes in `category`. A recipe names a handful of categories: each is worked out
// once per thread.
DtypeSet in_category_set(std::string_view category) {
  thread_local std::vector<std::pair<std::string, DtypeSet>> known;
  for (const auto& [name, set] : known)
    if (name == category) return set;
  const auto& standard = standard_dtypes();
  DtypeSet set = 0;
  for (std::size_t i = 0; i < standard.size(); ++i)
    if (in_category(standard[i], category)) set |= DtypeSet{1} << i;
  known.emplace_back(category, set);
  return set;
}

// The standard dtypes within every one of `categories`.
DtypeSet admitted_by(const std::vector<std::string_view>& categories) {
  DtypeSet set = (DtypeSet{1} << standard_dtypes().size()) - 1;
  for (std::string_view category : categories)
    set &= in_category_set(category);
  return set;
}

// The dtypes every one of `devices` holds (`held` per device of the handshake).
DtypeSet shared_by(const std::vector<DtypeSet>& held, const std::vector<int>& devices) {
  DtypeSet set = ~DtypeSet{0};
  for (int d : devices)
    set &= held.at(static_cast<std::size_t>(d));
  return set;
}

// Devices that, with `others`, share one of the `admitted` dtypes.
std::vector<int> fitting_devices(const std::vector<DtypeSet>& held, std::vector<int> others,
                                 DtypeSet admitted, std::optional<int> excluded = std::nullopt) {
  std::vector<int> out;
  others.push_back(0);
  for (int d = 0; d < static_cast<int>(held.size()); ++d) {
    if (excluded == d) continue;
    others.back() = d;
    if ((shared_by(held, others) & admitted) != 0) out.push_back(d);
  }
  return out;
}

int draw_from(const std::vector<int>& devices, std::string_view what) {
  if (devices.empty()) throw rc::GenerationFailure(fmt::format("no device fits: {}", what));
  return devices[static_cast<std::size_t>(draw_index(static_cast<int>(devices.size())))];
}

}  // namespace

CallBuilder::CallBuilder(std::string op_name, const catalogue::Operation& op, CallOptions options,
                         std::shared_ptr<const Handshake> handshake)
    : name_(std::move(op_name)), op_(op), options_(options), handshake_(std::move(handshake)) {
  for (const DeviceDescription& device : handshake_->devices)
    held_dtypes_.push_back(held_by(device));
}

void CallBuilder::place(int count, const std::vector<std::string_view>& categories,
                        bool needs_target) {
  if (placed_) throw std::logic_error("CallBuilder::place called twice for " + name_);
  placed_ = true;
  const Handshake& hs = *handshake_;
  const int device_count = static_cast<int>(hs.devices.size());
  if (device_count == 0) throw rc::GenerationFailure("the handshake lists no device");
  if (options_.device && (*options_.device < 0 || *options_.device >= device_count))
    throw std::invalid_argument(fmt::format("CallOptions::device {} is not one of the {} devices",
                                            *options_.device, device_count));
  const DtypeSet admitted = admitted_by(categories);

  if (op_.has_device_keyword || needs_target) {
    switch (options_.device_keyword) {
      case DeviceKeyword::omitted:
        if (needs_target)
          target_device_ = draw_from(fitting_devices(held_dtypes_, {}, admitted), name_);
        break;
      case DeviceKeyword::drawn:
        target_device_ = draw_from(fitting_devices(held_dtypes_, {}, admitted), name_);
        break;
      case DeviceKeyword::invalid:
        target_ = InvalidDevice{};
        break;
    }
    if (target_device_) target_ = DeviceIndex{*target_device_};
  }

  // Mixed placement (the caller asks for it with two devices or more): discard otherwise.
  if (mixed() && count < 2)
    throw rc::GenerationFailure(fmt::format("{}: fewer than two array inputs to mix", name_));
  if (count == 0) return;
  std::vector<int> fixed;
  if (target_device_) fixed.push_back(*target_device_);
  const auto first_device = [&] {
    if (!options_.device) return draw_from(fitting_devices(held_dtypes_, fixed, admitted), name_);
    auto with_it = fixed;
    with_it.push_back(*options_.device);
    if ((shared_by(held_dtypes_, with_it) & admitted) == 0)
      throw rc::GenerationFailure(
          fmt::format("device {} holds no dtype {} needs", *options_.device, name_));
    return *options_.device;
  };

  if (!mixed()) {
    input_devices_.assign(static_cast<std::size_t>(count), first_device());
    return;
  }
  if (device_count < 2) throw rc::GenerationFailure("mixed placement needs two devices");
  const int first = first_device();
  fixed.push_back(first);
  const int second = draw_from(fitting_devices(held_dtypes_, fixed, admitted, first), name_);
  const int moved = 1 + draw_index(count - 1);
  input_devices_.assign(static_cast<std::size_t>(count), first);
  input_devices_[static_cast<std::size_t>(moved)] = second;
}

std::vector<int> CallBuilder::involved_devices() const {
  std::vector<int> devices = input_devices_;
  if (target_device_) devices.push_back(*target_device_);
  // Creation without a usable device keyword lands on the default device.
  if (devices.empty()) devices.push_back(handshake_->default_device.value_or(0));
  return devices;
}

std::vector<std::string> CallBuilder::dtypes(
    const std::vector<std::string_view>& categories) const {
  const DtypeSet shared = shared_by(held_dtypes_, involved_devices()) & admitted_by(categories);
  const auto& standard = standard_dtypes();
  std::vector<std::string> out;
  for (std::size_t i = 0; i < standard.size(); ++i)
    if ((shared & (DtypeSet{1} << i)) != 0) out.push_back(standard[i]);
  return out;
}

std::string CallBuilder::pick_dtype(const std::vector<std::string_view>& categories) const {
  const auto candidates = dtypes(categories);
  if (candidates.empty())
    throw rc::GenerationFailure(fmt::format("no dtype for {} on the devices chosen", name_));
  return candidates[static_cast<std::size_t>(draw_index(static_cast<int>(candidates.size())))];
}

StepRef CallBuilder::add_input(int input, const Data& data, const std::string& dtype) {
  const int step = static_cast<int>(program_.steps.size());
  program_.steps.push_back(
      Step{.op = "asarray",
           .args = {data},
           .kwargs = {Keyword{.name = "dtype", .value = DTypeName{dtype}},
                      Keyword{.name = "device", .value = DeviceIndex{device(input)}}},
           .under_test = false});
  return StepRef{.step = step, .output = 0};
}

StepRef CallBuilder::add_input(int input, const Shape& shape, const std::string& dtype,
                               Domain domain) {
  return add_input(input, *data_in(shape, dtype, domain), dtype);
}

Value CallBuilder::scalar_for(const std::string& dtype, Domain domain) const {
  if (is_bool(dtype)) return Value{domain == Domain::non_zero || coin(50)};
  const std::int64_t value = draw_small_integer(domain, !is_unsigned(dtype));
  if (is_floating(dtype) && coin(50)) return Value{static_cast<double>(value)};
  return Value{value};
}

bool CallBuilder::scalar_allowed(int parameter) const {
  const auto& p = op_.arrays.at(static_cast<std::size_t>(parameter));
  const auto& version = options_.spec_version;
  return options_.python_scalars && p.may_be_scalar &&
         (version.empty() || catalogue::scalar_since(op_, p) <= version);
}

Program CallBuilder::finish(std::vector<Value> args, std::vector<Keyword> kwargs) {
  if (op_.has_device_keyword && target_)
    kwargs.push_back(Keyword{.name = "device", .value = *target_});
  program_.steps.push_back(
      Step{.op = name_, .args = std::move(args), .kwargs = std::move(kwargs), .under_test = true});
  return std::move(program_);
}

Program generic_call(CallBuilder& b) {
  const auto& op = b.op();
  std::vector<const catalogue::ArrayParameter*> params;
  for (const auto& p : op.arrays)
    if (!p.optional) params.push_back(&p);
  if (params.empty()) {
    b.place(0);
    return b.finish({});
  }

  std::vector<std::string_view> categories;
  int min_ndim = 0;
  bool elementwise = true;  // every operand broadcasts: one may be 0-d
  for (const auto* p : params) {
    categories.push_back(operand_category(op.name, *p));
    min_ndim = std::max(min_ndim, least_ndim(op.name, *p));
    elementwise = elementwise && p->min_ndim == 0;
  }

  const ZeroD zero_d_rule = b.options().zero_d;
  if (zero_d_rule != ZeroD::sometimes) min_ndim = std::max(min_ndim, 1);

  if (params.size() == 1 && params[0]->variadic) {
    const int count = b.mixed() ? 2 + draw_index(2) : 1 + draw_index(3);
    b.place(count, categories);
    const std::string dtype = b.pick_dtype(categories);
    const Shape shape = draw_shape(min_ndim);
    RefList list;
    for (int i = 0; i < count; ++i)
      list.refs.push_back(b.add_input(i, shape, dtype));
    return b.finish({list});
  }

  const int n = static_cast<int>(params.size());
  std::vector<bool> scalar(static_cast<std::size_t>(n), false);
  int arrays = n;
  {
    const int kept = b.mixed() ? 2 : 1;  // never all operands scalars; mixed needs two arrays
    for (int i = 0; i < n; ++i) {
      const auto index = params[static_cast<std::size_t>(i)] - op.arrays.data();
      if (b.scalar_allowed(static_cast<int>(index)) && arrays > kept && coin(25)) {
        scalar[static_cast<std::size_t>(i)] = true;
        --arrays;
      }
    }
  }
  b.place(arrays, categories);
  const std::string dtype = b.pick_dtype(categories);
  const Shape shape = draw_shape(min_ndim);
  const bool may_mix_ranks = elementwise && arrays >= 2;
  int zero_d = -1;
  if (may_mix_ranks && zero_d_rule == ZeroD::one_operand) zero_d = draw_index(arrays);
  if (may_mix_ranks && zero_d_rule == ZeroD::sometimes && coin(25)) zero_d = draw_index(arrays);

  std::vector<Value> args;
  int input = 0;
  for (int i = 0; i < n; ++i) {
    const Domain domain = operand_domain(op.name, i);
    if (scalar[static_cast<std::size_t>(i)]) {
      args.push_back(b.scalar_for(dtype, domain));
      continue;
    }
    args.push_back(b.add_input(input, input == zero_d ? Shape{} : shape, dtype, domain));
    ++input;
  }
  return b.finish(std::move(args));
}

Input single_input(CallBuilder& b, const Shape& shape, std::string_view category, Domain domain) {
  b.place(1, {category});
  std::string dtype = b.pick_dtype({category});
  const StepRef ref = b.add_input(0, shape, dtype, domain);
  return Input{.ref = ref, .dtype = std::move(dtype)};
}

int least_ndim(std::string_view op, const catalogue::ArrayParameter& parameter) {
  // searching_functions.py, nonzero: "If x is zero-dimensional, the function must raise".
  if (op == "nonzero") return std::max(1, parameter.min_ndim);
  return parameter.min_ndim;
}

const Recipe* find_recipe(std::string_view op) {
  static const RecipeTable table = [] {
    RecipeTable t;
    add_elementwise_recipes(t);
    add_creation_recipes(t);
    add_manipulation_recipes(t);
    add_statistics_recipes(t);
    add_indexing_recipes(t);
    add_linalg_recipes(t);
    add_fft_recipes(t);
    add_array_recipes(t);
    add_info_recipes(t);
    return t;
  }();
  const auto it = table.find(op);
  return it == table.end() ? nullptr : &it->second;
}

}  // namespace detail

rc::Gen<Program> call(std::string_view op, const CallOptions& options, const Handshake& handshake) {
  const std::string_view base = catalogue::in_place_base(op);
  const catalogue::Operation* entry = catalogue::find_operation(base.empty() ? op : base);
  if (entry == nullptr)
    throw std::invalid_argument(fmt::format("generate::call: unknown operation {}", op));
  auto shared = std::make_shared<const Handshake>(handshake);
  const detail::Recipe* recipe = detail::find_recipe(op);
  return rc::gen::exec([name = std::string(op), entry, options, shared, recipe] {
    const detail::ShapePalette palette(shared->compiles_per_shape);
    detail::CallBuilder builder(name, *entry, options, shared);
    return recipe != nullptr ? (*recipe)(builder) : detail::generic_call(builder);
  });
}

}  // namespace conformance::generate
