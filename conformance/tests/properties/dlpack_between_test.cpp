// dlpack_between.* through the real `conformance --impl python:fakedl --peer
// python:fakedl_peer`: a right pair passes every check, and each broken consumer (FAKEDL_BUG,
// tests/support/python_fakes/fakedl_base.py) fails the check that is about its bug, with a
// reproduction that exits 1 exactly while the bug is there. A producer that cannot be written, one
// that does not import, a consumer that refuses everything or crashes: each an outcome with its
// reason.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>

#include <gtest/gtest.h>

#include "build_locations.hpp"
#include "fake_namespace_runs.hpp"

namespace conformance {
namespace {

using testing::FakeRun;
using testing::run_fake;

constexpr const char* kPeer = "--peer python:fakedl_peer";
constexpr const char* kSameDevice = "dlpack_between.from_dlpack.same_device";
constexpr const char* kDevice = "dlpack_between.from_dlpack.device";
constexpr const char* kShares = "dlpack_between.from_dlpack.copy_false.shares";
constexpr const char* kCopies = "dlpack_between.from_dlpack.copy_true.copies";
constexpr const char* kCrossDevice = "dlpack_between.from_dlpack.copy_false.cross_device";
constexpr const char* kRefusal = "dlpack_between.from_dlpack.refusal";

std::string status_of(const FakeRun& run, const std::string& id) {
  const auto found = run.results.find(id);
  return found == run.results.end() ? "(absent)" : std::string(name(found->second.status));
}

TEST(DlpackBetween, ARightPairPassesEveryCheck) {
  const FakeRun run = run_fake("fakedl", "", kPeer, "dlpack_right");
  ASSERT_EQ(run.status, 0) << run.output;
  ASSERT_EQ(run.results.size(), 6u) << run.output;  // only the pair checks run with --peer
  for (const auto& [id, result] : run.results)
    EXPECT_EQ(name(result.status), "pass") << id << ": " << result.reason;
  // The tracker records the pair: the consumer's handshake holds the producer's.
  const auto& handshake = run.tracker.implementations.at(0).handshake;
  EXPECT_EQ(handshake.implementation, "python:fakedl");
  ASSERT_NE(handshake.peer, nullptr);
  EXPECT_EQ(handshake.peer->implementation, "python:fakedl_peer");
  EXPECT_EQ(handshake.peer->devices.size(), 2u);
  EXPECT_EQ(run_label(handshake), "python:fakedl from python:fakedl_peer");
}

struct BrokenConsumer {
  const char* bug;
  const char* check;  // the check that must catch it
};

// ctest lists each case by its bug rather than by the parameter's bytes.
void PrintTo(const BrokenConsumer& broken, std::ostream* out) {
  *out << broken.bug;
}

class BrokenConsumers : public ::testing::TestWithParam<BrokenConsumer> {};

TEST_P(BrokenConsumers, FailTheirCheck) {
  const auto& [bug, check] = GetParam();
  const FakeRun run =
      run_fake("fakedl", std::string("FAKEDL_BUG=") + bug, kPeer, std::string("dlpack_") + bug);
  EXPECT_EQ(run.status, 1) << run.output;
  ASSERT_EQ(status_of(run, check), "fail") << run.output;
  const auto& result = run.results.at(check);
  ASSERT_TRUE(result.failure.has_value());
  EXPECT_FALSE(result.failure->reproduction.empty());
}

INSTANTIATE_TEST_SUITE_P(DlpackBetween, BrokenConsumers,
                         ::testing::Values(BrokenConsumer{"lands_on_cpu", kSameDevice},
                                           BrokenConsumer{"ignores_device", kDevice},
                                           BrokenConsumer{"copy_false_copies", kShares},
                                           BrokenConsumer{"copy_true_shares", kCopies},
                                           BrokenConsumer{"moves_with_copy_false", kCrossDevice},
                                           BrokenConsumer{"refuses_runtime_error", kRefusal}),
                         [](const auto& info) { return std::string(info.param.bug); });

// The failure's reproduction is a script that exits 1 while the consumer copies with copy=True
// shares, and 0 once it copies.
TEST(DlpackBetween, AReproductionExitsOneExactlyWhileTheBugIsThere) {
  const FakeRun run = run_fake("fakedl", "FAKEDL_BUG=copy_true_shares", kPeer, "dlpack_repro");
  ASSERT_EQ(status_of(run, kCopies), "fail") << run.output;
  const std::string script = run.results.at(kCopies).failure->reproduction;
  EXPECT_NE(script.find("peer, peer_devices = peer_namespace()"), std::string::npos) << script;
  EXPECT_NE(script.find("peer.asarray("), std::string::npos) << script;
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) / "dlpack_repro_script";
  fs::create_directories(dir);
  std::ofstream(dir / "repro.py") << script;
  const auto run_script = [&](const std::string& bug) {
    const std::string command = "cd '" + dir.string() + "' && PYTHONPATH='" +
                                adc::build_locations::python_fakes + "' FAKEDL_BUG=" + bug + " '" +
                                adc::build_locations::python + "' repro.py >/dev/null 2>&1";
    const int raw = std::system(command.c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  };
  EXPECT_EQ(run_script("copy_true_shares"), 1) << script;
  EXPECT_EQ(run_script("none"), 0) << script;
}

// JAX arrays cannot be written: whether memory was shared cannot be seen, which is said, not
// guessed; the other checks still judge the pair.
TEST(DlpackBetween, AnImmutableProducerMakesTheSharingChecksUnsupported) {
  const FakeRun run = run_fake("fakedl", "FAKEDL_PEER_LIKE=immutable", kPeer, "dlpack_immutable");
  EXPECT_EQ(run.status, 0) << run.output;
  for (const char* id : {kShares, kCopies}) {
    EXPECT_EQ(status_of(run, id), "unsupported") << run.output;
    EXPECT_NE(run.results.at(id).reason.find("cannot be written"), std::string::npos)
        << run.results.at(id).reason;
  }
  EXPECT_EQ(status_of(run, kSameDevice), "pass");
}

// JAX on a GPU keeps a host copy of an array once read whole: memory shared with copy=False
// shows only in a read after the write. Reading the result before the write showed its old value
// there, and copy_false.shares failed JAX from torch's cuda falsely (2026-11-27).
TEST(DlpackBetween, AConsumerThatCachesWhatItReadPassesTheSharingChecks) {
  const FakeRun run = run_fake("fakedl", "FAKEDL_LIKE=caches_host_copy", kPeer, "dlpack_caches");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(status_of(run, kShares), "pass") << run.output;
  EXPECT_EQ(status_of(run, kCopies), "pass") << run.output;
  EXPECT_EQ(status_of(run, kSameDevice), "pass") << run.output;
}

// CuPy's own asarray takes no device=: the producer makes no array, and each check says that
// (not that a __dlpack_device__ with no array to ask failed).
TEST(DlpackBetween, AProducerWithoutDeviceKeywordsMakesEveryCheckUnsupportedWithItsReason) {
  const FakeRun run =
      run_fake("fakedl", "FAKEDL_PEER_LIKE=no_device_keyword", kPeer, "dlpack_no_device_keyword");
  EXPECT_EQ(run.status, 0) << run.output;
  ASSERT_EQ(run.results.size(), 6u) << run.output;
  for (const auto& [id, result] : run.results) {
    EXPECT_EQ(status_of(run, id), "unsupported") << id;
    EXPECT_NE(result.reason.find("exports from no device"), std::string::npos) << result.reason;
    EXPECT_NE(result.reason.find("asarray(device=) is unsupported: "), std::string::npos)
        << result.reason;
    EXPECT_NE(result.reason.find("unexpected keyword argument 'device'"), std::string::npos)
        << result.reason;
  }
}

TEST(DlpackBetween, APeerThatDoesNotImportIsAnErrorOfEachCheckNotALostRun) {
  const FakeRun run = run_fake("fakedl", "", "--peer python:no_such_peer_module", "dlpack_no_peer");
  EXPECT_EQ(run.status, 1) << run.output;
  ASSERT_EQ(run.results.size(), 6u) << run.output;
  for (const auto& [id, result] : run.results) {
    EXPECT_EQ(name(result.status), "error") << id;
    EXPECT_NE(result.reason.find("does not import"), std::string::npos) << result.reason;
  }
  const auto& handshake = run.tracker.implementations.at(0).handshake;
  ASSERT_NE(handshake.peer, nullptr);
  EXPECT_EQ(handshake.peer->implementation, "python:no_such_peer_module");
  EXPECT_NE(handshake.peer_error.find("no_such_peer_module"), std::string::npos);
}

TEST(DlpackBetween, AConsumerThatRefusesEveryArrayIsUnsupportedWithTheReason) {
  const FakeRun run = run_fake("fakedl", "FAKEDL_BUG=refuses_everything", kPeer, "dlpack_refuses");
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(status_of(run, kSameDevice), "unsupported");
  EXPECT_NE(run.results.at(kSameDevice).reason.find("BufferError"), std::string::npos)
      << run.results.at(kSameDevice).reason;
  EXPECT_EQ(status_of(run, kRefusal), "pass");  // BufferError is the stub's refusal
}

TEST(DlpackBetween, ACrashingConsumerIsACrashOutcomeOfEachCheck) {
  const FakeRun run = run_fake("fakedl", "FAKEDL_BUG=crashes", kPeer, "dlpack_crash");
  EXPECT_EQ(run.status, 1) << run.output;
  ASSERT_EQ(run.results.size(), 6u) << run.output;
  EXPECT_EQ(status_of(run, kSameDevice), "crash") << run.output;
  EXPECT_NE(run.results.at(kSameDevice).reason.find("Segmentation fault"), std::string::npos)
      << run.results.at(kSameDevice).reason;
}

// A bad --peer is a usage error, as a bad --impl: one line and exit 2, before anything runs.
TEST(DlpackBetween, ABadPeerIsAUsageError) {
  const FakeRun not_python = run_fake("fakedl", "", "--peer torch", "dlpack_bad_peer");
  EXPECT_EQ(not_python.status, 2) << not_python.output;
  EXPECT_NE(not_python.output.find("conformance: error: --peer 'torch' is not python:<module>"),
            std::string::npos)
      << not_python.output;
  const FakeRun wrong_filter =
      run_fake("fakedl", "", std::string(kPeer) + " --filter 'mixed.*'", "dlpack_bad_filter");
  EXPECT_EQ(wrong_filter.status, 2) << wrong_filter.output;
  EXPECT_NE(wrong_filter.output.find("of the --peer checks"), std::string::npos)
      << wrong_filter.output;
}

}  // namespace
}  // namespace conformance
