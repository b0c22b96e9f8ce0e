// Private to the generators: the CallBuilder that every recipe uses to place array inputs on
// devices, pick dtypes and write the setup steps and the call, plus the per-operation recipes.
//
// Everything here runs inside rc::gen::exec, so `*gen` draws (and later shrinks) a value.
//
// How a step spells a call (the Python call it stands for; adapters read it the same way):
// - positional-only parameters and required positional-or-keyword parameters are `args`, in
//   signature order (self first for array members); parameters with a default that may be named
//   are `kwargs`, e.g. `clip(x, min=..., max=...)`, `arange(0, stop=3)`;
// - a variadic or sequence array parameter (concat, stack, meshgrid, broadcast_arrays,
//   result_type) is one RefList argument;
// - shapes, axis tuples and index tuples are IntTuple, dtypes DTypeName, devices DeviceIndex.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "catalogue/catalogue.hpp"
#include "conformance/adapter.hpp"
#include "conformance/generate.hpp"
#include "conformance/program.hpp"

namespace conformance::generate::detail {

using Shape = std::vector<std::int64_t>;

// What values data may hold beyond the dtype's own range: divisors of integer division must not
// be 0 (libraries may raise), integer exponents and shift amounts must not be negative.
enum class Domain { any, non_zero, non_negative };

// Index-like arrays (take's indices, searchsorted's sorter, repeat's counts, integer keys) use
// signed integer dtypes: the spec allows any integer dtype, but NumPy cannot cast uint64 indices
// ("Cannot cast array data from dtype('uint64') to dtype('int64')"), a failure that has nothing
// to do with devices.
inline constexpr std::string_view kIndexCategory = "signed integer";

// ---- Small draws (call only inside rc::gen::exec) ----------------------------------------------

// An index in [0, count), uniform whatever RapidCheck's size, shrinking towards 0.
rc::Gen<int> index_below(int count);
int draw_index(int count);
// True with about `percent` per cent; shrinks towards false.
bool coin(int percent);
// A dimension in [low, high], growing with RapidCheck's size, shrinking towards `low`.
std::int64_t draw_dim(std::int64_t low, std::int64_t high);
// A shape of min_ndim..max_ndim dimensions, each in [min_dim, max_dim].
Shape draw_shape(int min_ndim, int max_ndim = 3, std::int64_t min_dim = 0,
                 std::int64_t max_dim = 3);
// An axis in [-ndim, ndim) (ndim >= 1), shrinking towards 0.
std::int64_t draw_axis(std::int64_t ndim);
// Distinct axes in [0, ndim), 1..ndim of them (ndim >= 1), in increasing order.
std::vector<std::int64_t> draw_axes(std::int64_t ndim);
// A small integer of the domain (0, 1, -1, 2, -2, 3, -3 in shrinking order), non-negative when
// `allow_negative` is false.
std::int64_t draw_small_integer(Domain domain, bool allow_negative);

// ---- Data --------------------------------------------------------------------------------------

std::int64_t element_count(const Shape& shape);
rc::Gen<Data> data_in(const Shape& shape, std::string_view dtype, Domain domain);
// A Data literal from explicit values (row-major).
Data literal(const Shape& shape, std::vector<double> values);

bool is_bool(std::string_view dtype);
bool is_unsigned(std::string_view dtype);
bool is_integer(std::string_view dtype);  // signed or unsigned, not bool
bool is_real_floating(std::string_view dtype);
bool is_complex(std::string_view dtype);
bool is_floating(std::string_view dtype);  // real or complex
// The 13 standard dtypes, in a fixed order (bool, signed, unsigned, real, complex).
const std::vector<std::string>& standard_dtypes();
bool in_category(std::string_view dtype, std::string_view category);

// ---- The builder of one call -------------------------------------------------------------------

class CallBuilder {
 public:
  CallBuilder(std::string op_name, const catalogue::Operation& op, CallOptions options,
              std::shared_ptr<const Handshake> handshake);

  const std::string& name() const { return name_; }
  const catalogue::Operation& op() const { return op_; }
  const CallOptions& options() const { return options_; }
  const Handshake& handshake() const { return *handshake_; }
  bool mixed() const { return options_.placement == Placement::mixed_devices; }
  // Whether this is an in-place operator (the catalogue entry is its binary base).
  bool in_place() const { return name_ != op_.name; }

  // Decides the devices of `count` array inputs, and of the device keyword or target: every
  // input on one device, or (mixed) input 0 and the others on one device but one of them on
  // another. The devices chosen share a dtype in every one of `categories`. Call once, before
  // any input; throws rc::GenerationFailure when no placement exists (mixed with fewer than two
  // inputs or devices). `needs_target` draws a target device (to_device) even when the device
  // keyword is omitted.
  void place(int count, const std::vector<std::string_view>& categories = {},
             bool needs_target = false);
  int device(int input) const { return input_devices_.at(static_cast<std::size_t>(input)); }
  int input_count() const { return static_cast<int>(input_devices_.size()); }
  // The device keyword's (or target's) value: DeviceIndex, InvalidDevice, or nullopt (omitted).
  std::optional<Value> target() const { return target_; }

  // Dtypes every placed device (and a drawn target, or the default device for creation)
  // holds, in all of the categories, in standard order.
  std::vector<std::string> dtypes(const std::vector<std::string_view>& categories) const;
  // One of them, drawn; throws rc::GenerationFailure when there is none.
  std::string pick_dtype(const std::vector<std::string_view>& categories) const;

  // Appends `asarray(data, dtype=, device=)` for array input `input`; returns its reference.
  StepRef add_input(int input, const Data& data, const std::string& dtype);
  StepRef add_input(int input, const Shape& shape, const std::string& dtype,
                    Domain domain = Domain::any);
  // A Python scalar that may stand beside arrays of `dtype`: bool for bool arrays, int for
  // integer and floating ones, sometimes float for floating ones.
  Value scalar_for(const std::string& dtype, Domain domain = Domain::any) const;
  // Whether array parameter `parameter` (an index into op().arrays) may be a Python scalar here:
  // the catalogue allows one, from a version no newer than the one judged by, and the options
  // want scalars.
  bool scalar_allowed(int parameter) const;
  // The least rank of an array operand: 1 when the options want no 0-d operand (mixed.* leaves
  // 0-d operands to mixed_0d.*), else 0.
  int least_ndim() const { return options_.zero_d == ZeroD::never ? 1 : 0; }

  // Appends the call under test (adding `device=` when the operation has that keyword and the
  // options ask for it) and returns the program.
  Program finish(std::vector<Value> args, std::vector<Keyword> kwargs = {});

 private:
  std::vector<int> involved_devices() const;

  std::string name_;
  const catalogue::Operation& op_;
  CallOptions options_;
  std::shared_ptr<const Handshake> handshake_;
  // Per device of the handshake: the standard dtypes it holds, one bit each (standard order).
  std::vector<std::uint32_t> held_dtypes_{};
  std::vector<int> input_devices_{};
  std::optional<int> target_device_{};  // a drawn device keyword or to_device target
  std::optional<Value> target_{};
  bool placed_ = false;
  Program program_{};
};

using Recipe = std::function<Program(CallBuilder&)>;
using RecipeTable = std::map<std::string, Recipe, std::less<>>;

// The generic path: every required array parameter an array (or a Python scalar where allowed),
// elementwise shapes (equal, or one operand 0-d), one dtype for all, default keywords.
Program generic_call(CallBuilder& builder);

// One array input of `shape` (placed, dtype drawn within `category`): the start of most
// one-array recipes.
struct Input {
  StepRef ref{};
  std::string dtype{};
};
Input single_input(CallBuilder& builder, const Shape& shape, std::string_view category,
                   Domain domain = Domain::any);

// Per-parameter rules of elementwise operands, used by the generic path and the recipes.
Domain operand_domain(std::string_view op, int parameter);
// The dtype category the generator uses for a parameter: the catalogue's, narrowed where a
// portable valid call needs more (true division only on floating dtypes).
std::string_view operand_category(std::string_view op, const catalogue::ArrayParameter& parameter);
// The least rank the generator uses for parameter 0 (nonzero needs one dimension).
int least_ndim(std::string_view op, const catalogue::ArrayParameter& parameter);

inline std::int64_t ndim_of(const Shape& shape) {
  return static_cast<std::int64_t>(shape.size());
}

// The index into `shape` of an axis that may count from the end (-1 is the last).
inline std::size_t position(std::int64_t axis, const Shape& shape) {
  return static_cast<std::size_t>(axis < 0 ? axis + ndim_of(shape) : axis);
}

// Recipes by family; each adds its operations to the table.
void add_elementwise_recipes(RecipeTable& table);
void add_creation_recipes(RecipeTable& table);
void add_manipulation_recipes(RecipeTable& table);
void add_statistics_recipes(RecipeTable& table);
void add_indexing_recipes(RecipeTable& table);
void add_linalg_recipes(RecipeTable& table);
void add_fft_recipes(RecipeTable& table);
void add_array_recipes(RecipeTable& table);
void add_info_recipes(RecipeTable& table);

// The recipe of an operation (in-place operators included), or nullptr for the generic path.
const Recipe* find_recipe(std::string_view op);

}  // namespace conformance::generate::detail
