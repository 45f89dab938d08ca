// SPDX-License-Identifier: MIT
// The step guard: every step either leaves every body state finite or is undone. Before the step
// the states of the dynamic and kinematic bodies are saved; after it every one is checked, and if
// any is NaN or infinite the step is reported (naming the bodies) and the saved states are put
// back (docs/hardening.md says what is and is not restored).
#pragma once

#include "tether/base.h"

typedef struct ttWorld ttWorld;

/// Save the movable bodies' states; false (nothing saved, a message logged) when memory runs out.
bool ttStepGuard_Save( ttWorld* world );
/// Check every movable body after the step; on a non-finite state, or when `othersFailed` (the
/// particles, particle_guard.c), log it, restore the saved states, drop the carried contact
/// impulses and return ttResult_stepFailed.
ttResult ttStepGuard_Check( ttWorld* world, bool othersFailed );
/// Free the saved states (world destruction).
void ttStepGuard_Destroy( ttWorld* world );
