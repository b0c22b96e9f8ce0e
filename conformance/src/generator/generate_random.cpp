// random_program(): multi-step programs over the handshake's operations. A small model keeps each
// result's shape and dtype (never its device: arrays move through device= and to_device, and the
// oracle judges devices from what the library reports), so every step is a valid call given the
// shapes and dtypes before it; binary steps may therefore mix devices, as intended.
#include <algorithm>
#include <functional>
#include <set>
#include <string>

#include <fmt/format.h>

#include "conformance/generate.hpp"
#include "recipes.hpp"

namespace conformance::generate {

namespace {

using detail::coin;
using detail::draw_index;
using detail::Shape;

struct ArrayModel {
  Shape shape{};
  std::string dtype{};
};

// A few shapes, so that earlier results often match (equal shapes, 0-d, matmul's inner sizes).
const std::vector<Shape>& model_shapes() {
  static const std::vector<Shape> shapes{{}, {2}, {3}, {2, 3}, {3, 2}, {0}, {3, 3}, {2, 0}};
  return shapes;
}

struct UnaryOp {
  std::string_view name;
  bool to_bool = false;
};

struct BinaryOp {
  std::string_view name;
  bool to_bool = false;
};

const std::vector<UnaryOp>& unary_ops(std::string_view dtype) {
  static const std::vector<UnaryOp> floating{
      {"sin"},      {"exp"},   {"sqrt"},        {"abs"},           {"square"},
      {"negative"}, {"floor"}, {"isnan", true}, {"array.__neg__"}, {"array.__abs__"}};
  static const std::vector<UnaryOp> integer{
      {"abs"},           {"negative"},        {"square"}, {"sign"}, {"bitwise_invert"},
      {"array.__neg__"}, {"array.__invert__"}};
  static const std::vector<UnaryOp> boolean{
      {"logical_not"}, {"bitwise_invert"}, {"array.__invert__"}};
  if (detail::is_bool(dtype)) return boolean;
  return detail::is_integer(dtype) ? integer : floating;
}

const std::vector<BinaryOp>& binary_ops(std::string_view dtype) {
  static const std::vector<BinaryOp> floating{{"add"},
                                              {"subtract"},
                                              {"multiply"},
                                              {"divide"},
                                              {"maximum"},
                                              {"minimum"},
                                              {"less", true},
                                              {"equal", true},
                                              {"array.__add__"},
                                              {"array.__sub__"},
                                              {"array.__mul__"},
                                              {"array.__truediv__"},
                                              {"array.__lt__", true},
                                              {"array.__eq__", true}};
  static const std::vector<BinaryOp> integer{
      {"add"},           {"subtract"},      {"multiply"},      {"maximum"},
      {"bitwise_and"},   {"bitwise_or"},    {"greater", true}, {"not_equal", true},
      {"array.__add__"}, {"array.__mul__"}, {"array.__and__"}, {"array.__ge__", true}};
  static const std::vector<BinaryOp> boolean{
      {"logical_and"}, {"logical_or"},    {"logical_xor"},  {"bitwise_and"},
      {"equal", true}, {"array.__and__"}, {"array.__or__"}, {"array.__eq__", true}};
  if (detail::is_bool(dtype)) return boolean;
  return detail::is_integer(dtype) ? integer : floating;
}

// The program under construction and the model of its results.
class RandomProgram {
 public:
  RandomProgram(const Handshake& handshake, int steps, bool scalars_in_functions)
      : handshake_(handshake),
        operations_(handshake.operations.begin(), handshake.operations.end()),
        steps_(steps),
        scalars_in_functions_(scalars_in_functions) {
    // Dtypes every device holds, so that no transfer or device= fails for want of a dtype.
    for (const auto* preferred : {"float64", "int64", "bool", "float32", "int32"}) {
      const bool everywhere = std::all_of(
          handshake.devices.begin(), handshake.devices.end(), [&](const DeviceDescription& d) {
            return std::find(d.dtypes.begin(), d.dtypes.end(), preferred) != d.dtypes.end();
          });
      const bool kind_taken = std::any_of(dtypes_.begin(), dtypes_.end(), [&](const auto& t) {
        return detail::is_real_floating(t) == detail::is_real_floating(preferred) &&
               detail::is_integer(t) == detail::is_integer(preferred);
      });
      if (everywhere && !kind_taken) dtypes_.push_back(preferred);
    }
  }

  Program build() {
    if (handshake_.devices.empty()) throw rc::GenerationFailure("the handshake lists no device");
    if (dtypes_.empty()) throw rc::GenerationFailure("the devices share no dtype");
    while (static_cast<int>(program_.steps.size()) < steps_) {
      std::vector<std::function<void()>> kinds;
      if (has("asarray")) kinds.emplace_back([this] { literal(); });
      if (!creation_ops().empty()) kinds.emplace_back([this] { creation(); });
      if (!arrays().empty()) {
        if (!like_ops().empty()) kinds.emplace_back([this] { like(); });
        if (has("astype")) kinds.emplace_back([this] { astype(); });
        if (has("array.to_device")) kinds.emplace_back([this] { to_device(); });
        kinds.emplace_back([this] { unary(); });
        kinds.emplace_back([this] { binary(); });
        kinds.emplace_back([this] { reduction(); });
        kinds.emplace_back([this] { matmul(); });
        kinds.emplace_back([this] { join(); });
      }
      if (kinds.empty()) break;
      // A kind with nothing to apply to adds no step; the next round draws again.
      const auto before = program_.steps.size();
      kinds[static_cast<std::size_t>(draw_index(static_cast<int>(kinds.size())))]();
      if (program_.steps.size() == before && ++idle_rounds_ > 16) break;
    }
    if (program_.steps.empty())
      throw rc::GenerationFailure("the handshake lists no operation that makes an array");
    return std::move(program_);
  }

 private:
  bool has(std::string_view op) const { return operations_.count(std::string(op)) > 0; }

  std::vector<std::string_view> available(std::initializer_list<std::string_view> ops) const {
    std::vector<std::string_view> out;
    for (auto op : ops)
      if (has(op)) out.push_back(op);
    return out;
  }

  std::vector<std::string_view> creation_ops() const {
    return available({"zeros", "ones", "empty", "full", "arange", "linspace", "eye"});
  }
  std::vector<std::string_view> like_ops() const {
    return available({"zeros_like", "ones_like", "empty_like", "full_like", "asarray"});
  }

  // Indices of earlier steps whose result is an array satisfying `fits`.
  std::vector<int> arrays(const std::function<bool(const ArrayModel&)>& fits = {}) const {
    std::vector<int> out;
    for (std::size_t i = 0; i < results_.size(); ++i)
      if (results_[i] && (!fits || fits(*results_[i]))) out.push_back(static_cast<int>(i));
    return out;
  }

  static int pick(const std::vector<int>& candidates) {
    return candidates[static_cast<std::size_t>(draw_index(static_cast<int>(candidates.size())))];
  }
  template <class T>
  static T pick(const std::vector<T>& candidates) {
    return candidates[static_cast<std::size_t>(draw_index(static_cast<int>(candidates.size())))];
  }

  const ArrayModel& model(int step) const { return *results_[static_cast<std::size_t>(step)]; }
  int left() const { return steps_ - static_cast<int>(program_.steps.size()); }

  StepRef push(Step step, std::optional<ArrayModel> result) {
    step.under_test = true;
    program_.steps.push_back(std::move(step));
    results_.push_back(std::move(result));
    return StepRef{.step = static_cast<int>(program_.steps.size()) - 1, .output = 0};
  }

  void maybe_device(std::vector<Keyword>& kwargs) const {
    if (coin(40))
      kwargs.push_back(
          Keyword{.name = "device",
                  .value = DeviceIndex{draw_index(static_cast<int>(handshake_.devices.size()))}});
  }

  Value scalar_for(std::string_view dtype) const {
    if (detail::is_bool(dtype)) return Value{coin(50)};
    const std::int64_t value = detail::draw_small_integer(detail::Domain::any, true);
    if (detail::is_floating(dtype) && coin(50)) return Value{static_cast<double>(value)};
    return Value{value};
  }

  StepRef literal(const Shape& shape, const std::string& dtype) {
    std::vector<Keyword> kwargs{Keyword{.name = "dtype", .value = DTypeName{dtype}}};
    maybe_device(kwargs);
    return push(Step{.op = "asarray",
                     .args = {*detail::data_in(shape, dtype, detail::Domain::any)},
                     .kwargs = std::move(kwargs)},
                ArrayModel{shape, dtype});
  }

  void literal() { literal(pick(model_shapes()), pick(dtypes_)); }

  void creation() {
    const std::string_view op = pick(creation_ops());
    std::string dtype = pick(dtypes_);
    const Shape shape = pick(model_shapes());
    std::vector<Value> args;
    std::vector<Keyword> kwargs;
    Shape result = shape;
    if (op == "arange" || op == "linspace") {
      // arange takes a real numeric dtype, linspace a floating one ("Should be a floating-point
      // data type").
      std::vector<std::string> fitting;
      for (const auto& t : dtypes_)
        if (detail::is_real_floating(t) || (op == "arange" && detail::is_integer(t)))
          fitting.push_back(t);
      if (fitting.empty()) return;
      dtype = pick(fitting);
      const std::int64_t length = detail::draw_dim(0, 3);
      result = Shape{length};
      if (op == "arange") {
        args.push_back(std::int64_t{0});
        kwargs.push_back(Keyword{.name = "stop", .value = length});
      } else {
        args = {std::int64_t{0}, std::int64_t{3}, length};
      }
    } else if (op == "eye") {
      const std::int64_t n = detail::draw_dim(0, 3);
      args.push_back(n);
      result = Shape{n, n};
    } else {
      args.push_back(IntTuple{shape});
      if (op == "full") args.push_back(scalar_for(dtype));
    }
    kwargs.push_back(Keyword{.name = "dtype", .value = DTypeName{dtype}});
    maybe_device(kwargs);
    push(Step{.op = std::string(op), .args = std::move(args), .kwargs = std::move(kwargs)},
         ArrayModel{result, dtype});
  }

  void like() {
    const std::string_view op = pick(like_ops());
    const int x = pick(arrays());
    const ArrayModel result = model(x);
    std::vector<Value> args{StepRef{x, 0}};
    if (op == "full_like") args.push_back(scalar_for(result.dtype));
    std::vector<Keyword> kwargs;
    maybe_device(kwargs);
    push(Step{.op = std::string(op), .args = std::move(args), .kwargs = std::move(kwargs)}, result);
  }

  void astype() {
    const int x = pick(arrays());
    const std::string dtype = pick(dtypes_);
    std::vector<Keyword> kwargs;
    maybe_device(kwargs);
    push(
        Step{
            .op = "astype", .args = {StepRef{x, 0}, DTypeName{dtype}}, .kwargs = std::move(kwargs)},
        ArrayModel{model(x).shape, dtype});
  }

  void to_device() {
    const int x = pick(arrays());
    const int device = draw_index(static_cast<int>(handshake_.devices.size()));
    push(Step{.op = "array.to_device", .args = {StepRef{x, 0}, DeviceIndex{device}}}, model(x));
  }

  void unary() {
    const int x = pick(arrays());
    std::vector<UnaryOp> ops;
    for (const auto& op : unary_ops(model(x).dtype))
      if (has(op.name)) ops.push_back(op);
    if (ops.empty()) return;
    const UnaryOp op = pick(ops);
    ArrayModel result = model(x);
    if (op.to_bool) result.dtype = "bool";
    push(Step{.op = std::string(op.name), .args = {StepRef{x, 0}}}, result);
  }

  // A binary elementwise step: the other operand an earlier result of the same dtype whose shape
  // matches (or either is 0-d), a new literal, or a Python scalar.
  void binary() {
    const int x = pick(arrays());
    const ArrayModel first = model(x);
    std::vector<BinaryOp> ops;
    for (const auto& op : binary_ops(first.dtype))
      if (has(op.name)) ops.push_back(op);
    if (ops.empty()) return;
    const BinaryOp op = pick(ops);
    const bool method = op.name.starts_with("array.");

    Value other;
    Shape shape = first.shape;
    const auto partners = arrays([&](const ArrayModel& m) {
      return m.dtype == first.dtype &&
             (m.shape == first.shape || m.shape.empty() || first.shape.empty());
    });
    const int form = draw_index(3);
    if (form == 0 && !partners.empty()) {
      const int y = pick(partners);
      if (first.shape.empty()) shape = model(y).shape;
      other = StepRef{y, 0};
    } else if (form == 1 && left() >= 2 && has("asarray")) {
      other = literal(coin(30) ? Shape{} : first.shape, first.dtype);
    } else if (method || scalars_in_functions_) {
      other = scalar_for(first.dtype);
    } else {
      other = StepRef{x, 0};  // before 2024.12 a function's operands are arrays
    }
    std::vector<Value> args{StepRef{x, 0}, other};
    if (!method && coin(50)) std::swap(args[0], args[1]);
    push(Step{.op = std::string(op.name), .args = std::move(args)},
         ArrayModel{shape, op.to_bool ? "bool" : first.dtype});
  }

  // Whole-array reductions: a 0-d result of a known dtype (sums of integers take the device's
  // default integer dtype, so only floating sums here).
  void reduction() {
    const int x = pick(arrays());
    const ArrayModel& m = model(x);
    std::vector<std::string_view> ops{"all", "any"};
    if (detail::is_real_floating(m.dtype)) ops.insert(ops.end(), {"sum", "prod", "mean"});
    if (!detail::is_bool(m.dtype) && detail::element_count(m.shape) > 0)
      ops.insert(ops.end(), {"max", "min"});
    std::vector<std::string_view> usable;
    for (auto op : ops)
      if (has(op)) usable.push_back(op);
    if (usable.empty()) return;
    const std::string_view op = pick(usable);
    const bool logical = op == "all" || op == "any";
    push(Step{.op = std::string(op), .args = {StepRef{x, 0}}},
         ArrayModel{Shape{}, logical ? "bool" : m.dtype});
  }

  void matmul() {
    const auto ops = available({"matmul", "array.__matmul__"});
    if (ops.empty()) return;
    const auto numeric = [](const ArrayModel& m) {
      return !m.shape.empty() && !detail::is_bool(m.dtype);
    };
    const auto lefts = arrays(numeric);
    if (lefts.empty()) return;
    const int x = pick(lefts);
    const ArrayModel a = model(x);
    const auto rights = arrays([&](const ArrayModel& m) {
      if (!numeric(m) || m.dtype != a.dtype) return false;
      return a.shape.back() == (m.shape.size() == 1 ? m.shape[0] : m.shape[m.shape.size() - 2]);
    });
    if (rights.empty()) return;
    const int y = pick(rights);
    const Shape& b = model(y).shape;
    Shape result(a.shape.begin(), a.shape.end() - 1);
    if (b.size() == 2) result.push_back(b[1]);
    push(Step{.op = std::string(pick(ops)), .args = {StepRef{x, 0}, StepRef{y, 0}}},
         ArrayModel{result, a.dtype});
  }

  // concat along axis 0 or stack of two earlier results of one dtype.
  void join() {
    const auto ops = available({"concat", "stack"});
    if (ops.empty()) return;
    const std::string_view op = pick(ops);
    const int x = pick(arrays());
    const ArrayModel a = model(x);
    const bool concat = op == "concat";
    if (concat && a.shape.empty()) return;
    const auto partners = arrays([&](const ArrayModel& m) {
      if (m.dtype != a.dtype || m.shape.size() != a.shape.size()) return false;
      return concat ? std::equal(m.shape.begin() + 1, m.shape.end(), a.shape.begin() + 1)
                    : m.shape == a.shape;
    });
    const int y = pick(partners);  // x itself always qualifies
    Shape result = a.shape;
    if (concat) {
      result[0] += model(y).shape[0];
    } else {
      result.insert(result.begin(), 2);
    }
    push(Step{.op = std::string(op), .args = {RefList{{StepRef{x, 0}, StepRef{y, 0}}}}},
         ArrayModel{result, a.dtype});
  }

  const Handshake& handshake_;
  std::set<std::string, std::less<>> operations_;
  int steps_;
  bool scalars_in_functions_;  // binary functions take Python scalars (2024.12 and later)
  std::vector<std::string> dtypes_{};
  Program program_{};
  std::vector<std::optional<ArrayModel>> results_{};
  int idle_rounds_ = 0;
};

}  // namespace

rc::Gen<Program> random_program(const Handshake& handshake, int max_steps,
                                std::string_view spec_version) {
  if (max_steps < 1) throw std::invalid_argument("random_program: max_steps must be at least 1");
  auto shared = std::make_shared<const Handshake>(handshake);
  const auto* add = catalogue::find_operation("add");
  const bool scalars =
      spec_version.empty() || catalogue::scalar_since(*add, add->arrays.at(1)) <= spec_version;
  return rc::gen::exec([shared, max_steps, scalars] {
    const int steps = *rc::gen::inRange(1, max_steps + 1);
    return RandomProgram(*shared, steps, scalars).build();
  });
}

}  // namespace conformance::generate
