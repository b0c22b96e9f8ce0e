// JUnit XML for CI systems (the de-facto schema that Jenkins, GitLab and GitHub reporters read).
// Every result is a <testcase>; unexpected ones carry a <failure>, skip/unsupported/xfail a
// <skipped>, so that a CI's failure count equals the run's unexpected results.
#include "conformance/junit.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "conformance/known_failures.hpp"

namespace conformance {
namespace {

// Escapes text for XML 1.0 content and attributes. Control characters other than tab, newline and
// carriage return cannot appear in XML 1.0 at all, even as character references, so they are
// written visibly as \xNN. In attributes, whitespace controls become references so that parsers
// keep them instead of normalising them to spaces.
std::string escape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\n':
        out += attribute ? "&#10;" : "\n";
        break;
      case '\r':
        out += "&#13;";
        break;
      case '\t':
        out += attribute ? "&#9;" : "\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string attr(std::string_view text) {
  return escape(text, true);
}

std::string body(std::string_view text) {
  return escape(text, false);
}

bool is_skipped(Status status) {
  return status == Status::skip || status == Status::unsupported || status == Status::xfail;
}

std::string ending_in_newline(std::string text) {
  if (text.empty() || text.back() != '\n') text += '\n';
  return text;
}

// The failure's body: what a developer needs to see and replay it.
std::string failure_text(const CheckResult& result) {
  std::string text;
  if (!result.reason.empty()) text += result.reason + "\n";
  if (result.failure) {
    const auto& failure = *result.failure;
    text += "expected: " + failure.expected + "\n";
    text += "actual: " + failure.actual + "\n";
    text += "step: " + std::to_string(failure.step) + "\n";
    text += "program:\n" + ending_in_newline(to_string(failure.program));
    text += "reproduction:\n" + ending_in_newline(failure.reproduction);
  }
  text += "seed: " + std::to_string(result.seed) + "\n";
  if (!result.reproduce.empty()) text += "reproduce: " + result.reproduce + "\n";
  if (!result.bug.empty()) text += "bug: " + result.bug + "\n";
  return text;
}

std::string failure_message(const CheckResult& result) {
  if (result.failure) {
    return "expected " + result.failure->expected + ", got " + result.failure->actual;
  }
  if (!result.reason.empty()) return result.reason;
  return std::string(name(result.status));
}

void write_testcase(std::string& xml, const std::string& implementation,
                    const CheckResult& result) {
  xml += fmt::format(R"(    <testcase classname="{}" name="{}" time="{:.3f}")",
                     attr(implementation), attr(result.info.id), result.seconds);
  if (is_unexpected(result.status)) {
    xml +=
        fmt::format(">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                    name(result.status), attr(failure_message(result)), body(failure_text(result)));
  } else if (is_skipped(result.status)) {
    const std::string why = result.reason.empty()
                                ? std::string(name(result.status))
                                : std::string(name(result.status)) + ": " + result.reason;
    xml += fmt::format(">\n      <skipped message=\"{}\"/>\n", attr(why));
  } else {
    xml += "/>\n";
    return;
  }
  xml += "    </testcase>\n";
}

}  // namespace

std::string to_junit_xml(const Tracker& tracker) {
  std::string suites;
  int tests = 0;
  int failures = 0;
  int skipped = 0;
  double seconds = 0;
  for (const auto& run : tracker.implementations) {
    const auto& implementation = run.handshake.implementation;
    int suite_failures = 0;
    int suite_skipped = 0;
    double suite_seconds = 0;
    std::string cases;
    for (const auto& result : run.results) {
      if (is_unexpected(result.status)) ++suite_failures;
      if (is_skipped(result.status)) ++suite_skipped;
      suite_seconds += result.seconds;
      write_testcase(cases, implementation, result);
    }
    const int suite_tests = static_cast<int>(run.results.size());
    suites += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" "
        "time=\"{:.3f}\" timestamp=\"{}\">\n",
        attr(implementation), suite_tests, suite_failures, suite_skipped, suite_seconds,
        attr(tracker.run.started));
    suites += "    <properties>\n";
    for (const auto& [key, value] :
         {std::pair<std::string, std::string>{"library", run.handshake.library},
          {"library_version", run.handshake.library_version},
          {"spec_version", run.handshake.spec_version},
          {"seed", std::to_string(tracker.run.seed)}}) {
      suites += fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", key, attr(value));
    }
    suites += "    </properties>\n";
    suites += cases;
    suites += "  </testsuite>\n";
    tests += suite_tests;
    failures += suite_failures;
    skipped += suite_skipped;
    seconds += suite_seconds;
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"conformance\" tests=\"{}\" failures=\"{}\" errors=\"0\" "
      "skipped=\"{}\" time=\"{:.3f}\">\n{}</testsuites>\n",
      tests, failures, skipped, seconds, suites);
}

void write_junit(const Tracker& tracker, const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) {
    throw std::runtime_error("cannot write JUnit XML " + path + ": " + std::strerror(errno));
  }
  out << to_junit_xml(tracker);
  out.close();
  if (!out) throw std::runtime_error("cannot write JUnit XML " + path);
}

}  // namespace conformance
