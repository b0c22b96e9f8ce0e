// The spec sentences the device rules rest on, quoted once so the oracle and the check families
// cite the same text. Paths are in the array-api repository.
#pragma once

#include <string_view>

namespace conformance::spec_text {

inline constexpr std::string_view explicit_device =
    "spec/2024.12/design_topics/device_support.rst: \"Respect explicit device assignment (i.e. if "
    "the input to the device= keyword is not None, guarantee that the array is created on the "
    "given device, and raise an exception otherwise).\"";

inline constexpr std::string_view preserve_device =
    "spec/2024.12/design_topics/device_support.rst: \"Preserve device assignment as much as "
    "possible (e.g. output arrays from a function are expected to be on the same device as input "
    "arrays to the function).\"";

inline constexpr std::string_view mixed_devices_raise =
    "spec/2024.12/design_topics/device_support.rst: \"Raise an exception if an operation involves "
    "arrays on different devices (i.e. avoid implicit data transfer between devices).\"";

inline constexpr std::string_view consistent_default =
    "spec/2024.12/design_topics/device_support.rst: \"Use a default for device=None which is "
    "consistent between functions within the same library.\"";

inline constexpr std::string_view inputs_beat_default =
    "spec/2025.12/design_topics/device_support.rst (PR #919): \"If device=None or the function "
    "does not accept a device parameter, then use the device of the input array(s), if any\"; "
    "2024.12 in the same file: execution takes place \"on the same device where all argument "
    "arrays are allocated\".";

inline constexpr std::string_view like_infers_device =
    "src/array_api_stubs/_2024_12/creation_functions.py (asarray, empty_like, full_like, "
    "ones_like, zeros_like, from_dlpack) and data_type_functions.py (astype): \"If device is None, "
    "the output array device must be inferred from x.\"";

inline constexpr std::string_view to_device_lands =
    "src/array_api_stubs/_2024_12/array_object.py::to_device: \"Copy the array from the device on "
    "which it currently resides to the specified device.\" Returns \"an array with the same data "
    "and data type as self and located on the specified device.\"";

inline constexpr std::string_view to_device_same =
    "src/array_api_stubs/_2024_12/array_object.py::to_device: \"When a provided device object "
    "corresponds to the same device on which an array instance resides, implementations may "
    "choose to perform an explicit copy or return self.\"";

inline constexpr std::string_view to_device_stream =
    "src/array_api_stubs/_2024_12/array_object.py::to_device: stream handling \"is "
    "implementation-dependent\"; CPU-only or emulated devices may reject a stream.";

inline constexpr std::string_view from_dlpack_copy_false =
    "src/array_api_stubs/_2024_12/creation_functions.py::from_dlpack: copy=False \"must never "
    "copy, and raise BufferError in case a copy is deemed necessary (e.g. if a cross-device data "
    "movement is requested...)\", while its Raises section says ValueError \"if data exchange is "
    "possible via an explicit copy but copy is set to False\": both are accepted.";

inline constexpr std::string_view from_dlpack_device =
    "src/array_api_stubs/_2024_12/creation_functions.py::from_dlpack: \"If device is None and x "
    "supports DLPack, the output array must be on the same device as x.\"";

inline constexpr std::string_view asarray_copy_false =
    "src/array_api_stubs/_2024_12/creation_functions.py::asarray: copy=False \"must raise a "
    "ValueError in case a copy would be necessary\"; array-api#254: copy=False with another "
    "device= conflicts and should raise.";

inline constexpr std::string_view astype_copy_false =
    "src/array_api_stubs/_2024_12/data_type_functions.py::astype: with copy=False and a matching "
    "dtype \"the input array must be returned\"; the text is silent on a different device=, so "
    "either outcome is implementation-defined.";

inline constexpr std::string_view device_equality =
    "spec/2024.12/design_topics/device_support.rst: device objects support \"comparing devices for "
    "equality with == and != within the same library\".";

inline constexpr std::string_view info_devices_container =
    "src/array_api_stubs/_2025_12/info.py::devices returns \"Tuple[device, ...]\"; 2023.12 and "
    "2024.12 return \"List[device]\" (array-api-strict answers by its api_version flag, and "
    "array-api-tests' test_devices checks the same).";

inline constexpr std::string_view info_devices =
    "src/array_api_stubs/_2024_12/info.py::devices: \"Returns a list of supported devices which "
    "are available at runtime.\" Each \"must be an object which can be provided as a valid "
    "keyword-argument to array creation functions.\"";

inline constexpr std::string_view info_default_device =
    "src/array_api_stubs/_2024_12/info.py::default_device: \"an object corresponding to the "
    "default device\" (None is allowed only from 2025.12, PR #961).";

inline constexpr std::string_view info_dtypes =
    "src/array_api_stubs/_2024_12/info.py::dtypes: \"If device is not None, the returned data "
    "types must be specific to the specified device\" (the supported data types).";

inline constexpr std::string_view info_default_dtypes =
    "src/array_api_stubs/_2024_12/info.py::default_dtypes: the default data types \"must be "
    "specific to the specified device\"; spec/2024.12/API_specification/data_types.rst: \"the "
    "default integer or floating-point data types may vary with device\".";

inline constexpr std::string_view dlpack_device =
    "src/array_api_stubs/_2024_12/array_object.py::__dlpack_device__: \"Returns device type and "
    "device ID in DLPack format\", a (DLDeviceType, int) tuple whose enum is one of CPU=1, CUDA=2, "
    "CPU_PINNED=3, OPENCL=4, VULKAN=7, METAL=8, VPI=9, ROCM=10, CUDA_MANAGED=13, ONE_API=14.";

inline constexpr std::string_view in_place_unchanged =
    "spec/2024.12/API_specification/array_object.rst (In-place operators): an in-place operation "
    "\"must not change the data type or shape of the in-place array\"; with mixed devices it "
    "raises (device_support.rst). That a raising call leaves its target as it was is this suite's "
    "reading (an exception should not half-apply), not a sentence of the spec.";

}  // namespace conformance::spec_text
