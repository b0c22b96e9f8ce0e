// Text for GitHub-flavoured Markdown (see markdown_text.hpp).
#include "tracker/markdown_text.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace tracker {

// Text safe in a GFM table cell: one line, no column break, no inline HTML, at most `limit`
// characters.
std::string cell_text(std::string_view text, std::size_t limit) {
  std::string out;
  std::size_t kept = 0;
  for (char c : text) {
    if (kept == limit) {
      out += "...";
      break;
    }
    ++kept;
    if (c == '\n' || c == '\r' || c == '\t') {
      out += ' ';
    } else if (c == '|') {
      out += "\\|";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else if (c == '`') {
      out += '\'';
    } else if (static_cast<unsigned char>(c) >= 0x20) {
      out += c;
    }
  }
  return out;
}

// A code span for an id (ids have no backticks; anything else is made harmless).
std::string code(std::string_view text) {
  return fmt::format("`{}`", cell_text(text, 200));
}

// "pytorch/pytorch#38205" for a GitHub issue or pull URL, else the URL.
std::string link(std::string_view url) {
  const std::string_view github = "https://github.com/";
  std::string label = cell_text(url, 200);
  if (url.starts_with(github)) {
    std::string rest(url.substr(github.size()));
    for (std::string_view kind : {"/issues/", "/pull/"}) {
      if (const auto at = rest.find(kind); at != std::string::npos) {
        label = cell_text(rest.substr(0, at) + "#" + rest.substr(at + kind.size()), 200);
      }
    }
  }
  std::string target = cell_text(url, 400);
  std::replace(target.begin(), target.end(), ' ', '+');
  std::replace(target.begin(), target.end(), ')', '-');
  return "[" + label + "](" + target + ")";
}

}  // namespace tracker
