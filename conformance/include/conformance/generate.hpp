// Program generators (RapidCheck): valid calls of any catalogue operation with inputs placed on
// chosen devices, and random multi-step programs. Literal data are small integers so results are
// exact; shapes include 0-d and empty arrays; everything shrinks towards fewer steps, smaller
// shapes and device 0.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "catalogue/catalogue.hpp"
#include "conformance/adapter.hpp"
#include "conformance/program.hpp"

namespace conformance::generate {

enum class Placement {
  one_device,     // every array input on one device (CallOptions::device, or drawn)
  mixed_devices,  // at least two array inputs on different devices (needs two devices)
};

enum class DeviceKeyword {
  omitted,  // no device= keyword
  drawn,    // device=DeviceIndex drawn from the handshake's devices
  invalid,  // device=InvalidDevice
};

// Whether an elementwise call may have 0-d array operands beside larger ones (P18 checks the
// mixed-device rule for them on its own, so a library's 0-d exemption shows as exactly that).
enum class ZeroD {
  sometimes,    // now and then one operand is 0-d
  never,        // every array operand has at least one dimension
  one_operand,  // exactly one operand is 0-d, the others have at least one dimension
};

struct CallOptions {
  Placement placement = Placement::one_device;
  ZeroD zero_d = ZeroD::sometimes;
  std::optional<int> device = std::nullopt;  // one_device: the inputs' device; nullopt: drawn
  bool python_scalars = true;  // operands that may be Python scalars sometimes are (never all)
  DeviceKeyword device_keyword = DeviceKeyword::omitted;
  // The spec version judged by (CheckContext::spec_version): a Python scalar stands only where
  // that version allows one (catalogue::scalar_since). Empty: the newest.
  std::string spec_version{};
};

// A program whose last step (under_test) is a valid call of `op`, preceded by setup steps
// (under_test = false) that build its array inputs with asarray(Data, dtype=, device=).
// `op` is a catalogue name or an in-place operator ("array.__iadd__").
rc::Gen<Program> call(std::string_view op, const CallOptions& options, const Handshake& handshake);

// A random program of 1..max_steps steps over the operations the handshake lists, each step
// valid given the shapes and dtypes of earlier results, with device= keywords and transfers.
// Every step is under_test. Binary functions get Python-scalar operands only from 2024.12
// (`spec_version`; empty: the newest).
rc::Gen<Program> random_program(const Handshake& handshake, int max_steps = 8,
                                std::string_view spec_version = {});

// Building blocks.
rc::Gen<std::vector<std::int64_t>> shape(int min_ndim, int max_ndim = 3);
rc::Gen<Data> data(const std::vector<std::int64_t>& shape, std::string_view dtype);
// The dtype names (of the 13 standard dtypes) in a spec category ("numeric", "real floating",...).
std::vector<std::string> dtypes_in_category(std::string_view category);

}  // namespace conformance::generate
