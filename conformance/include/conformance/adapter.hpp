// The contract between the harness and an implementation under test (docs/DESIGN.md section 2): the
// adapter says what it has (the handshake) and runs programs. In process for C++ libraries, out
// of process for Python.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/expectation.hpp"
#include "conformance/outcome.hpp"
#include "conformance/program.hpp"

namespace conformance {

struct DeviceDescription {
  std::string repr{};                   // the library's text for the device
  std::vector<std::string> dtypes{};    // dtypes it can hold (info.dtypes(device=d))
  std::string default_float_dtype{};    // info.default_dtypes(device=d)["real floating"]
  std::string default_integer_dtype{};  // info.default_dtypes(device=d)["integral"]
};

// What the library offers, as far as device semantics go.
struct Features {
  bool device_attribute = true;     // arrays have `.device`
  bool to_device = true;            // arrays have `.to_device()`
  bool namespace_info = true;       // `__array_namespace_info__` exists
  bool set_default_device = false;  // harness.set_default_device works
  bool dlpack = true;               // `__dlpack_device__` and `from_dlpack`
};

struct Handshake {
  std::string implementation{};  // the --impl spec it answers to: "strict", "python:numpy"
  std::string library{};         // "strict", "numpy", "torch"
  std::string library_version{};
  // A wrapper namespace (array_api_compat.numpy) names the library whose arrays it hands out and
  // that library's version ("numpy", "1.26.4"): its behaviour is both's. "" for any other.
  std::string backend_library{};
  std::string backend_version{};
  std::string spec_version{};  // the standard version it claims, e.g. "2024.12"
  std::vector<DeviceDescription> devices{};
  // Index of the default device; nullopt when the library says None (allowed from 2025.12).
  std::optional<int> default_device{};
  Features features{};
  // Operations the library has (catalogue names, plus "array.__iadd__" and the like). Steps
  // using anything else come back unsupported.
  std::vector<std::string> operations{};
  // The Python type of __array_namespace_info__().devices()'s answer ("tuple", "list"); "" for an
  // adapter that has no Python object to ask (the C++ APIs) or a library without the call.
  std::string devices_container{};
  // The library compiles every new input shape (JAX): the generator then draws whole shapes from
  // a small palette (generator/shape_palette.hpp), so a run compiles fewer distinct calls.
  bool compiles_per_shape = false;
  // --peer (dlpack_between.*): the second namespace loaded in the same process, whose arrays are
  // handed to this implementation's from_dlpack, as its own handshake describes it; null without
  // --peer. One that could not be loaded has only `implementation` set, and `peer_error` says why.
  std::shared_ptr<const Handshake> peer{};
  std::string peer_error{};
  // The route every program takes (--route, `python:<module>@<route>`): "" runs each step as it
  // comes (eager); "jit" runs the whole program as one function under jax.jit. A library that
  // cannot take its route says why in route_unavailable, and each of its checks is unsupported
  // with that reason.
  std::string route{};
  std::string route_unavailable{};
};

class Adapter {
 public:
  virtual ~Adapter() = default;
  virtual const Handshake& handshake() const = 0;
  // Runs a program from a fresh state (default device as at the handshake) and reports every
  // step. Never throws for anything the library does.
  virtual ProgramOutcome run(const Program& program) = 0;
  // Whether run_batch() is cheaper than as many run() calls (a process boundary to cross). The
  // engine then sends a check's programs ahead in one batch and replays its cases from the
  // answers.
  virtual bool prefers_batches() const { return false; }
  // The completed outcomes of the first programs, in order: all of them, or fewer when the
  // library crashed, hung or answered nonsense at the next one (which run() then isolates).
  virtual std::vector<ProgramOutcome> run_batch(const std::vector<Program>& programs) {
    std::vector<ProgramOutcome> outcomes;
    for (const auto& program : programs)
      outcomes.push_back(run(program));
    return outcomes;
  }
  // Whether send_ahead() starts programs before run_batch() asks for them: the library can then
  // work while the harness plans, and the runner plans each check's first cases ahead of its
  // turn (runner.cpp).
  virtual bool runs_ahead() const { return false; }
  // Programs a later run_batch() call will ask for, exactly these in this order: an adapter that
  // runs ahead starts them now and keeps their outcomes for that call. Only a head start: a
  // program sent ahead is never reported anywhere but in that call.
  virtual void send_ahead(const std::vector<Program>& /*programs*/) {}
  // For an in-process library whose programs run in a forked child (--impl torch): each program's
  // timeout there. The runner then runs each check whole in a forked child of its own, where
  // run_in_this_process() was called, and runs a check program by program through this adapter
  // only when that child crashed or hung (check_worker.hpp): the same results without a round
  // trip per program. nullopt: the adapter isolates nothing, or not by forking.
  virtual std::optional<int> isolation_timeout_ms() const { return std::nullopt; }
  // Called in a forked child of the harness: programs run in this process from now on.
  virtual void run_in_this_process() {}
  // A runnable reproduction in the library's own language: the program's steps up to `step`,
  // then a statement that fails (exits non-zero) exactly when `expectation` is broken there.
  virtual std::string reproduction(const Program& program, int step,
                                   const Expectation& expectation) const = 0;
};

// Why the library cannot take its route, as a sentence: "numpy has no jit route: <reason>" (each
// check's reason, and the usage error of a run none of whose libraries can).
inline std::string route_refusal(const Handshake& handshake) {
  return handshake.library + " has no " + handshake.route +
         " route: " + handshake.route_unavailable;
}

void to_json(nlohmann::json& j, const Handshake& handshake);
void from_json(const nlohmann::json& j, Handshake& handshake);

}  // namespace conformance
