#include "remembered_generator.hpp"

#include <cstddef>
#include <memory>
#include <vector>

namespace conformance::detail {

class DrawnCases {
 public:
  // The case drawn from (random, size) before, or nullptr. The rounds ask in the same order, so
  // the entry after the last one found is looked at first.
  const rc::Shrinkable<Program>* find(const rc::Random& random, int size) {
    if (next_ < cases_.size() && matches(cases_[next_], random, size))
      return &cases_[next_++].drawn;
    for (std::size_t i = 0; i < cases_.size(); ++i) {
      if (matches(cases_[i], random, size)) {
        next_ = i + 1;
        return &cases_[i].drawn;
      }
    }
    return nullptr;
  }
  void add(const rc::Random& random, int size, rc::Shrinkable<Program> drawn) {
    cases_.push_back({random, size, std::move(drawn)});
  }

 private:
  struct Case {
    rc::Random random;
    int size;
    rc::Shrinkable<Program> drawn;
  };
  static bool matches(const Case& c, const rc::Random& random, int size) {
    return c.size == size && c.random == random;
  }
  std::vector<Case> cases_;
  std::size_t next_ = 0;
};

std::shared_ptr<DrawnCases> nothing_drawn() {
  return std::make_shared<DrawnCases>();
}

rc::Gen<Program> remembered(rc::Gen<Program> generator, std::shared_ptr<DrawnCases> drawn) {
  return rc::Gen<Program>(
      [generator = std::move(generator), drawn](const rc::Random& random, int size) {
        if (const auto* known = drawn->find(random, size)) return *known;
        rc::Shrinkable<Program> fresh = generator(random, size);
        rc::Shrinkable<Program> kept = fresh;
        try {
          // The value once; the shrinks are the generator's own, made when asked for.
          auto program = std::make_shared<const Program>(fresh.value());
          kept = rc::shrinkable::lambda([program] { return *program; },
                                        [fresh] { return fresh.shrinks(); });
        } catch (...) {
          // A draw that fails (a discard) fails again each time it is asked for: kept as it is.
        }
        drawn->add(random, size, kept);
        return kept;
      });
}

}  // namespace conformance::detail
