// The one-pass outcome reader: a SAX handler that follows the reply's fixed shape with a stack
// of the objects and lists it is in, and stops (returns false) at the first event that shape
// does not expect. A step's "value" is any JSON: its events build that document.
#include "outcome_reader.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace conformance::python_internal {
namespace {

using json = nlohmann::json;

enum class Where { top, outcome, steps, step, arrays, array, shape, values };

// Each object's keys, one bit each, to refuse repeats and to check the required ones at its end.
// (In a namespace of their own: plain names like `value` must not meet a unity build's others.)
namespace key {
enum Key : unsigned {
  type = 1u << 0,
  outcome = 1u << 1,
  status = 1u << 2,
  steps = 1u << 3,
  detail = 1u << 4,
  arrays = 1u << 5,
  value = 1u << 6,
  exception_type = 1u << 7,
  message = 1u << 8,
  device = 1u << 9,
  device_repr = 1u << 10,
  dtype = 1u << 11,
  shape = 1u << 12,
  values = 1u << 13,
};
}  // namespace key
using key::Key;

struct Level {
  Where where;
  unsigned seen = 0;
  Key key = Key::type;  // the key whose value comes next (objects only)
};

class Reader {
 public:
  ProgramOutcome outcome{};
  bool complete = false;

  // ---- nlohmann's SAX interface ----------------------------------------------------------------
  bool null() {
    if (in_value()) return put(json());
    if (at(Where::step, Key::value)) return step_value(json());
    if (!at(Where::array, Key::values)) return false;
    current_array().values.reset();
    return true;
  }
  bool boolean(bool b) {
    if (in_value()) return put(json(b));
    if (at(Where::step, Key::value)) return step_value(json(b));
    if (!inside(Where::values)) return false;
    current_array().values->push_back(b ? 1.0 : 0.0);  // as nlohmann's get<double>() reads it
    return true;
  }
  bool number_integer(std::int64_t i) {
    if (in_value()) return put(json(i));
    if (at(Where::step, Key::value)) return step_value(json(i));
    return integer(i, false, static_cast<double>(i));
  }
  bool number_unsigned(std::uint64_t u) {
    if (in_value()) return put(json(u));
    if (at(Where::step, Key::value)) return step_value(json(u));
    const bool too_big = u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return integer(too_big ? 0 : static_cast<std::int64_t>(u), too_big, static_cast<double>(u));
  }
  bool number_float(double d, const std::string&) {
    if (in_value()) return put(json(d));
    if (at(Where::step, Key::value)) return step_value(json(d));
    if (!inside(Where::values)) return false;
    current_array().values->push_back(d);
    return true;
  }
  bool string(std::string& text) {
    if (in_value()) return put(json(std::move(text)));
    if (stack_.empty()) return false;
    const Level& level = stack_.back();
    switch (level.where) {
      case Where::top:
        if (level.key != Key::type) return false;
        type_ = std::move(text);
        return true;
      case Where::outcome:
        if (level.key == Key::status) return text == "completed";
        if (level.key != Key::detail) return false;
        outcome.detail = std::move(text);
        return true;
      case Where::step:
        return step_string(std::move(text));
      case Where::array:
        if (level.key == Key::device_repr) {
          current_array().device_repr = std::move(text);
          return true;
        }
        if (level.key != Key::dtype) return false;
        current_array().dtype = std::move(text);
        return true;
      default:
        return false;
    }
  }
  bool binary(json::binary_t&) { return false; }
  bool start_object(std::size_t) {
    if (in_value()) return open_value(json::object());
    if (stack_.empty()) return push(Where::top);
    if (at(Where::top, Key::outcome)) return push(Where::outcome);
    if (inside(Where::steps)) {
      outcome.steps.emplace_back();
      return push(Where::step);
    }
    if (inside(Where::arrays)) {
      current_step().arrays.emplace_back();
      return push(Where::array);
    }
    if (at(Where::step, Key::value)) {
      current_step().value = json::object();
      value_stack_.push_back(&current_step().value);
      return true;
    }
    return false;
  }
  bool key(std::string& name) {
    if (in_value()) {
      pending_key_ = std::move(name);
      return true;
    }
    if (stack_.empty()) return false;
    Level& level = stack_.back();
    const Key k = key_of(level.where, name);
    if (k == Key{} || (level.seen & k) != 0) return false;
    level.seen |= k;
    level.key = k;
    return true;
  }
  bool end_object() {
    if (in_value()) return close_value();
    const Level level = stack_.back();
    stack_.pop_back();
    switch (level.where) {
      case Where::top:
        complete = type_ == "outcome" &&
                   (level.seen & (Key::type | Key::outcome)) == (Key::type | Key::outcome);
        return complete;
      case Where::outcome:
        return (level.seen & (Key::status | Key::steps)) == (Key::status | Key::steps);
      case Where::step:
        return (level.seen & Key::status) != 0;
      case Where::array:
        return (level.seen & (Key::device | Key::dtype | Key::shape)) ==
               (Key::device | Key::dtype | Key::shape);
      default:
        return false;
    }
  }
  bool start_array(std::size_t) {
    if (in_value()) return open_value(json::array());
    if (at(Where::outcome, Key::steps)) return push(Where::steps);
    if (at(Where::step, Key::arrays)) return push(Where::arrays);
    if (at(Where::array, Key::shape)) return push(Where::shape);
    if (at(Where::array, Key::values)) {
      current_array().values.emplace();
      return push(Where::values);
    }
    if (at(Where::step, Key::value)) {
      current_step().value = json::array();
      value_stack_.push_back(&current_step().value);
      return true;
    }
    return false;
  }
  bool end_array() {
    if (in_value()) return close_value();
    stack_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;
  }

 private:
  static Key key_of(Where where, std::string_view name) {
    switch (where) {
      case Where::top:
        return name == "type" ? Key::type : name == "outcome" ? Key::outcome : Key{};
      case Where::outcome:
        return name == "status"   ? Key::status
               : name == "steps"  ? Key::steps
               : name == "detail" ? Key::detail
                                  : Key{};
      case Where::step:
        return name == "status"           ? Key::status
               : name == "arrays"         ? Key::arrays
               : name == "value"          ? Key::value
               : name == "exception_type" ? Key::exception_type
               : name == "message"        ? Key::message
                                          : Key{};
      case Where::array:
        return name == "device"        ? Key::device
               : name == "device_repr" ? Key::device_repr
               : name == "dtype"       ? Key::dtype
               : name == "shape"       ? Key::shape
               : name == "values"      ? Key::values
                                       : Key{};
      default:
        return Key{};
    }
  }

  bool step_string(std::string text) {
    StepOutcome& step = current_step();
    switch (stack_.back().key) {
      case Key::status:
        if (const auto status = step_status_named(text)) {
          step.status = *status;
          return true;
        }
        return false;
      case Key::exception_type:
        step.exception_type = std::move(text);
        return true;
      case Key::message:
        step.message = std::move(text);
        return true;
      case Key::value:
        step.value = std::move(text);
        return true;
      default:
        return false;
    }
  }

  // An integer where the shape takes one, under json_integer's rules: a device index that fits an
  // int, a dimension that fits an int64; or one of the values, as a double.
  bool integer(std::int64_t as_int64, bool too_big, double as_double) {
    if (inside(Where::values)) {
      current_array().values->push_back(as_double);
      return true;
    }
    if (too_big) return false;
    if (inside(Where::shape)) {
      current_array().shape.push_back(as_int64);
      return true;
    }
    if (!at(Where::array, Key::device) || as_int64 < std::numeric_limits<int>::min() ||
        as_int64 > std::numeric_limits<int>::max())
      return false;
    current_array().device = static_cast<int>(as_int64);
    return true;
  }

  bool step_value(json scalar) {
    current_step().value = std::move(scalar);
    return true;
  }

  // ---- a step's "value": any JSON, built as nlohmann's parser builds it ----------------------
  bool in_value() const { return !value_stack_.empty(); }
  bool put(json element) {
    json& container = *value_stack_.back();
    if (container.is_array()) {
      container.push_back(std::move(element));
    } else {
      container[pending_key_] = std::move(element);  // a repeated key: the last wins, as there
    }
    return true;
  }
  bool open_value(json empty) {
    json& container = *value_stack_.back();
    json* child = nullptr;
    if (container.is_array()) {
      container.push_back(std::move(empty));
      child = &container.back();
    } else {
      container[pending_key_] = std::move(empty);
      child = &container[pending_key_];
    }
    value_stack_.push_back(child);
    return true;
  }
  bool close_value() {
    value_stack_.pop_back();
    return true;
  }

  bool push(Where where) {
    stack_.push_back(Level{where});
    return true;
  }
  bool at(Where where, Key key) const {
    return !stack_.empty() && stack_.back().where == where && stack_.back().key == key;
  }
  bool inside(Where where) const { return !stack_.empty() && stack_.back().where == where; }
  StepOutcome& current_step() { return outcome.steps.back(); }
  ArrayReport& current_array() { return current_step().arrays.back(); }

  std::vector<Level> stack_{};
  std::vector<json*> value_stack_{};
  std::string pending_key_{};
  std::string type_{};
};

}  // namespace

std::optional<ProgramOutcome> read_outcome_in_one_pass(std::string_view line) {
  Reader reader;
  const bool parsed = json::sax_parse(line, &reader, json::input_format_t::json, true, false);
  if (!parsed || !reader.complete) return std::nullopt;
  return std::move(reader.outcome);
}

}  // namespace conformance::python_internal
