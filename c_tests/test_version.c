/* GG_VERSION_MAJOR/MINOR/PATCH in the header against gg_version() at run time: this test is
 * built and run with the library of the same build, so all three must match exactly. */
#include <stdio.h>
#include "check.h"

int main(void) {
    unsigned major = 99, minor = 99, patch = 99;
    char want[64];
    const char *v = gg_version();

    CHECK(v != NULL);
    CHECK(sscanf(v, "%u.%u.%u", &major, &minor, &patch) == 3);
    CHECK(major == GG_VERSION_MAJOR);
    CHECK(minor == GG_VERSION_MINOR);
    CHECK(patch == GG_VERSION_PATCH);
    /* Nothing after the patch number: the string is exactly the three macros. */
    snprintf(want, sizeof want, "%d.%d.%d", GG_VERSION_MAJOR, GG_VERSION_MINOR, GG_VERSION_PATCH);
    CHECK(strcmp(v, want) == 0);
    return check_report("test_version");
}
