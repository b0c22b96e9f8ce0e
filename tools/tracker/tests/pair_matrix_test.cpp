// Pair runs (--peer, dlpack_between.*): merge keeps pairs of one consumer apart, the renderers
// show them as one producer x consumer table (with the exception types and links to each pair's
// reproductions) and never as rows, and a tracker without them renders as it always did.
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "tracker/cli.hpp"
#include "tracker/diff.hpp"
#include "tracker/merge.hpp"
#include "tracker/pair_matrix.hpp"
#include "tracker/render_html.hpp"
#include "tracker/render_markdown.hpp"
#include "tracker/render_public.hpp"
#include "tracker_test_data.hpp"

namespace tracker {
namespace {

using conformance::CheckResult;
using conformance::Handshake;
using conformance::ImplementationRun;
using conformance::Status;

CheckResult pair_result(const std::string& detail, Status status) {
  CheckResult result;
  result.info.id = "dlpack_between.from_dlpack." + detail;
  result.info.family = "dlpack_between";
  result.info.function = "from_dlpack";
  result.status = status;
  result.seed = 1;
  if (status == Status::unsupported) result.reason = "the producer's arrays cannot be written";
  if (status == Status::fail) {
    conformance::Failure failure;
    failure.step = 2;
    failure.outcome.steps.resize(3);
    failure.outcome.steps[2].status = conformance::StepStatus::raised;
    failure.outcome.steps[2].exception_type = "RuntimeError";
    failure.outcome.steps[2].message = "Unsupported device in DLTensor.";
    failure.expected = "BufferError";
    failure.actual = "RuntimeError: Unsupported device in DLTensor.";
    failure.reproduction = "import numpy as xp\nraise AssertionError('repro of " + detail + "')";
    result.failure = failure;
  }
  return result;
}

ImplementationRun pair_run(const std::string& consumer, const std::string& producer,
                           std::vector<CheckResult> results) {
  ImplementationRun run;
  run.handshake.implementation = "python:" + consumer;
  run.handshake.library = consumer;
  run.handshake.library_version = "1.0";
  auto peer = std::make_shared<Handshake>();
  peer->implementation = "python:" + producer;
  peer->library = producer;
  peer->library_version = "2.0";
  run.handshake.peer = std::move(peer);
  run.results = std::move(results);
  return run;
}

conformance::Tracker one_run(ImplementationRun run) {
  conformance::Tracker tracker;
  tracker.run.seed = 1;
  tracker.implementations.push_back(std::move(run));
  return tracker;
}

TEST(PairMatrix, MergeKeepsPairsOfOneConsumerApartAndDiffTellsThemApart) {
  const auto from_torch =
      one_run(pair_run("numpy", "torch", {pair_result("refusal", Status::pass)}));
  const auto from_jax =
      one_run(pair_run("numpy", "jax.numpy", {pair_result("refusal", Status::pass)}));
  const auto merged =
      merge_trackers({{"a/tracker.json", from_torch}, {"b/tracker.json", from_jax}});
  ASSERT_EQ(merged.implementations.size(), 2u);
  EXPECT_EQ(merged.implementations[0].handshake.peer->implementation, "python:torch");
  EXPECT_EQ(merged.implementations[1].handshake.peer->implementation, "python:jax.numpy");
  // No route notes between pairs of one consumer: they judge different producers.
  EXPECT_TRUE(merged.implementations[0].notes.empty());
  EXPECT_TRUE(diff_trackers(merged, merged).changes.empty());
  // Exported, each pair is a report of its own.
  const auto dir = testing::scratch_dir("pair-export");
  const auto path = testing::write_file(dir / "pairs.json", conformance::to_json(merged).dump());
  std::ostringstream out, err;
  ASSERT_EQ(run_cli({"export", path, "-o", (dir / "out").string(), "--suite-commit",
                     std::string(40, 'a')},
                    out, err),
            0)
      << err.str();
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "python-numpy-from-python-torch.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "python-numpy-from-python-jax.numpy.json"));
  // The merged tracker round-trips through JSON with both peers.
  const auto read = conformance::tracker_from_json(conformance::to_json(merged));
  ASSERT_EQ(read.implementations.size(), 2u);
  EXPECT_EQ(read.implementations[1].handshake.peer->library_version, "2.0");
}

TEST(PairMatrix, CellsSayPassFailWithTheExceptionTypeAndUnsupported) {
  conformance::Tracker tracker;
  tracker.implementations = {
      pair_run("numpy", "torch",
               {pair_result("same_device", Status::pass), pair_result("refusal", Status::fail)}),
      pair_run("torch", "numpy",
               {pair_result("same_device", Status::pass),
                pair_result("copy_true.copies", Status::unsupported)}),
      pair_run("torch", "jax.numpy", {pair_result("copy_true.copies", Status::unsupported)})};
  const PairMatrix matrix = pair_matrix(tracker);
  // One order for rows and columns: as libraries first appear, consumer before producer.
  EXPECT_EQ(matrix.producers,
            (std::vector<std::string>{"python:numpy", "python:torch", "python:jax.numpy"}));
  EXPECT_EQ(matrix.consumers, (std::vector<std::string>{"python:numpy", "python:torch"}));
  const PairCell* failing = matrix.at("python:torch", "python:numpy");
  ASSERT_NE(failing, nullptr);
  EXPECT_EQ(failing->state, "fail");
  EXPECT_EQ(failing->text, "fail: refusal (raised RuntimeError)");
  EXPECT_EQ(matrix.at("python:numpy", "python:torch")->text, "pass (1 unsupported or skipped)");
  EXPECT_EQ(matrix.at("python:jax.numpy", "python:torch")->state, "unsupported");
  EXPECT_EQ(matrix.at("python:numpy", "python:numpy"), nullptr);

  const std::string markdown = render_markdown(tracker, KnownIssues{});
  EXPECT_NE(markdown.find("| producer ↓ / consumer → | `python:numpy` | `python:torch` |"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("[fail: refusal (raised RuntimeError)](#" + failing->anchor + ")"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("<a id=\"" + failing->anchor + "\"></a>"), std::string::npos);
  EXPECT_NE(markdown.find("repro of refusal"), std::string::npos);
  // Pair runs are no rows: no section and no family matrix column of their own.
  EXPECT_EQ(markdown.find("## python:numpy\n"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("## Matrix"), std::string::npos) << markdown;

  const std::string html = render_html(tracker, KnownIssues{});
  EXPECT_NE(html.find("id=\"pair-matrix\""), std::string::npos);
  EXPECT_NE(html.find("data-state=\"fail\""), std::string::npos);
  EXPECT_NE(html.find("href=\"#" + failing->anchor + "\""), std::string::npos);
  EXPECT_NE(html.find("repro of refusal"), std::string::npos);
  EXPECT_EQ(html.find("class=\"cell "), std::string::npos) << "a pair run got a matrix row";
}

// A pair's failure is known by the pair's label, "CONSUMER from PRODUCER": the cause of one
// consumer's failing check can be the producer's (JAX's cpu:1 export fails NumPy's same_device), so
// an entry names the pairs it explains, and the same check of another pair stays new.
TEST(PairMatrix, AKnownIssueNamesThePairsItExplains) {
  conformance::Tracker tracker;
  tracker.implementations = {pair_run("numpy", "torch", {pair_result("refusal", Status::fail)}),
                             pair_run("numpy", "jax", {pair_result("refusal", Status::fail)})};
  KnownIssues known;
  known.issues.push_back({.implementation = "python:numpy from python:torch",
                          .check = "dlpack_between.from_dlpack.refusal",
                          .url = "https://github.com/numpy/numpy/issues/30937",
                          .note = "RuntimeError, not BufferError",
                          .draft = ""});
  const PairMatrix matrix = pair_matrix(tracker, lookup_in(known));
  const PairCell* explained = matrix.at("python:torch", "python:numpy");
  const PairCell* other = matrix.at("python:jax", "python:numpy");
  ASSERT_NE(explained, nullptr);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(explained->state, "known");
  EXPECT_EQ(explained->text, "fail (known): refusal (raised RuntimeError)");
  EXPECT_EQ(other->state, "fail");
  EXPECT_EQ(pair_matrix(tracker).at("python:torch", "python:numpy")->state, "fail");

  const std::string markdown = render_markdown(tracker, known);
  const auto explained_details = markdown.find("<a id=\"" + explained->anchor + "\">");
  const auto other_details = markdown.find("<a id=\"" + other->anchor + "\">");
  ASSERT_NE(explained_details, std::string::npos) << markdown;
  ASSERT_NE(other_details, std::string::npos) << markdown;
  const auto link = markdown.find("(known: [numpy/numpy#30937]");
  EXPECT_GT(link, explained_details) << markdown;
  EXPECT_LT(link, other_details) << markdown;
  EXPECT_EQ(markdown.find("(known:", link + 1), std::string::npos) << markdown;

  const std::string html = render_html(tracker, known);
  EXPECT_NE(html.find("class=\"pair state-known\""), std::string::npos);
  EXPECT_NE(html.find("class=\"pair state-new\""), std::string::npos);
}

// Without pair runs every renderer writes what it wrote before they existed; with them, the rows
// are those same bytes and the table comes after.
TEST(PairMatrix, RowsAreUnchangedByPairRuns) {
  const auto plain = testing::small_tracker();
  auto with_pairs = plain;
  with_pairs.implementations.push_back(
      pair_run("numpy", "torch", {pair_result("refusal", Status::fail)}));
  EXPECT_EQ(pair_matrix_markdown(plain, lookup_in(KnownIssues{})), "");
  const std::string rows = render_markdown(plain, KnownIssues{});
  const std::string both = render_markdown(with_pairs, KnownIssues{});
  EXPECT_EQ(both.substr(0, rows.size()), rows);
  EXPECT_NE(both.find("DLPack between libraries"), std::string::npos);

  const std::string page = render_public_markdown({{"reports/pypi/tracker.json", plain}}, {});
  const std::string page_with_pairs = render_public_markdown(
      {{"reports/pypi/tracker.json", plain},
       {"reports/dlpack/tracker.json", one_run(with_pairs.implementations.back())}},
      {});
  EXPECT_EQ(page.find("DLPack between libraries"), std::string::npos);
  EXPECT_NE(page_with_pairs.find("## DLPack between libraries"), std::string::npos);
  EXPECT_EQ(page_with_pairs.find("## numpy\n"), std::string::npos) << "a pair run got a section";
}

// The public page keeps to the table: its cells link to the pair runs' own page, which has the
// failures and reproductions (pasted on the public page they doubled its length).
TEST(PairMatrix, ThePublicPageLinksCellsToThePairRunsOwnPage) {
  const auto pairs = one_run(pair_run("numpy", "torch", {pair_result("refusal", Status::fail)}));
  const std::string page =
      render_public_markdown({{"reports/dlpack/tracker.json", pairs}}, KnownIssues{});
  const PairMatrix matrix = pair_matrix(pairs);
  const PairCell* cell = matrix.at("python:torch", "python:numpy");
  ASSERT_NE(cell, nullptr);
  EXPECT_NE(page.find("(dlpack/TRACKER.md#" + cell->anchor + ")"), std::string::npos) << page;
  EXPECT_EQ(page.find("repro of refusal"), std::string::npos) << "details pasted on the page";
  EXPECT_EQ(page.find("<a id=\"" + cell->anchor + "\">"), std::string::npos);
  // The run's own page (tracker render) keeps them.
  EXPECT_NE(render_markdown(pairs, KnownIssues{}).find("repro of refusal"), std::string::npos);
}

// The same pair measured on two machines (the VM and a GPU host) is a cell of each machine's
// table, linking to that machine's page: merged into one table, one would hide the other.
TEST(PairMatrix, EachMachineHasItsOwnTable) {
  auto vm = one_run(pair_run("numpy", "torch", {pair_result("refusal", Status::pass)}));
  vm.run.host = "vm (Linux)";
  auto gpu = one_run(pair_run("numpy", "torch", {pair_result("refusal", Status::fail)}));
  gpu.run.host = "gpu (Linux)";
  const std::string page = render_public_markdown(
      {{"reports/dlpack/tracker.json", vm}, {"reports/dlpack-gpu/tracker.json", gpu}},
      KnownIssues{});
  const auto vm_table = page.find("## DLPack between libraries on dlpack (vm (Linux))");
  const auto gpu_table = page.find("## DLPack between libraries on dlpack-gpu (gpu (Linux))");
  ASSERT_NE(vm_table, std::string::npos) << page;
  ASSERT_NE(gpu_table, std::string::npos) << page;
  EXPECT_LT(vm_table, gpu_table);
  const std::string anchor = pair_matrix(vm).cells.at(0).anchor;
  const auto vm_cell = page.find("[pass](dlpack/TRACKER.md#" + anchor + ")", vm_table);
  const auto gpu_cell = page.find("(dlpack-gpu/TRACKER.md#" + anchor + ")", gpu_table);
  EXPECT_LT(vm_cell, gpu_table) << page;
  ASSERT_NE(gpu_cell, std::string::npos) << page;
  EXPECT_NE(page.find("[fail: refusal", gpu_table), std::string::npos) << page;

  // The HTML page too, its ids apart.
  conformance::Tracker both = vm;
  both.implementations.push_back(gpu.implementations.front());
  const std::string html = render_html(both, KnownIssues{}, {"dlpack", "dlpack-gpu"});
  EXPECT_NE(html.find("id=\"dlpack-" + anchor + "\""), std::string::npos);
  EXPECT_NE(html.find("id=\"dlpack-gpu-" + anchor + "\""), std::string::npos);
  EXPECT_NE(html.find("DLPack between libraries on dlpack-gpu</h2>"), std::string::npos);
}

}  // namespace
}  // namespace tracker
