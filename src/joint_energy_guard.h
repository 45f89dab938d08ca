// SPDX-License-Identifier: MIT
// The XPBD joints' energy guard (joint_energy_guard.c): what the joints' projections moved each
// body by in a substep, and the velocity that motion may keep.
#pragma once

#include "step.h"

/// Start of a substep: nothing projected yet.
void ttJointEnergyGuard_BeginSubstep( ttStepContext* ctx );
/// Around each projection of the joints (every iteration): record the poses before it, and add
/// the velocity it gave each awake body.
void ttJointEnergyGuard_BeforeProjection( ttStepContext* ctx );
void ttJointEnergyGuard_AfterProjection( ttStepContext* ctx );
/// After the velocities are derived: in each group of bodies joined by joints without an energy
/// source whose kinetic plus potential energy the projections raised, scale the group's motion
/// (relative to its centre of mass unless it hangs on a static body) back to the energy it had.
void ttJointEnergyGuard_Apply( ttStepContext* ctx );
