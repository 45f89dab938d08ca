// SPDX-License-Identifier: MIT
// The scene loader and run helpers of tools/ are C without C++ guards; include them through here.
#pragma once

extern "C"
{
#include "run.h"
#include "scene.h"
#include "solver_names.h"
}
