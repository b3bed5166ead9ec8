// Everything in CMiniFlakeAtomics is `static inline` in include/CMiniFlakeAtomics.h; SwiftPM
// needs one source file to build the target.
#include "CMiniFlakeAtomics.h"
