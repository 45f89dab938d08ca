// SPDX-License-Identifier: MIT
// The joints' energy guard (joint_energy_guard.c), for every joint family: what the joints'
// projections or impulses gave each body in a substep, and the velocity it may keep.
#pragma once

#include "step.h"

/// What a family's energy error may be without the guard stepping in.
typedef struct ttJointGuardPolicy
{
	/// The share of a body's energy account (what the joints took, less what they gave within the
	/// tolerance) kept from one substep to the next: XPBD's fades over about 10 substeps (0.9); a
	/// family whose energy oscillates within a bound without a trend keeps all of it (1), so that
	/// a swing may come back to the energy it had and the net rise stays below one tolerance.
	ttReal memory;
	/// A rise below this share of the group's kinetic energy is the family's own error; 0 for the
	/// guard's rounding floor (joint_energy_guard.c), which a family's own share replaces.
	ttReal relative;
	/// Measure the energy symplectic Euler keeps, E + h/2 m g . v, instead of E.
	bool symplectic;
	/// Where the guard steps in, what it leaves above or below the account stays on it (XPBD's
	/// starts afresh in double; in float it carries, joint_solver_xpbd.c).
	bool carryResidual;
	/// Bodies touching through a contact are grouped too (sequential impulses, whose guard runs
	/// after the contacts' velocity pass): what the contacts handed from a jointed body to another
	/// body is then in the sum, not outside the group.
	bool contactsJoin;
	/// Where even no motion leaves a group above its account, take back the projections' lift
	/// beyond what the prediction dropped each body (XPBD, point-mass, and sequential impulses,
	/// whose biased pass moves the positions with its position feedback).
	bool takeBackLift;
	/// The share of a debt on the account (a rise passed within the tolerance, or what an
	/// intervention left above the account) kept from one substep to the next, where it differs
	/// from `memory` (0: the same). A debt that fades by 1 - d a substep lets a creep of up to
	/// (1 - d) tolerances a substep pass for good: XPBD and SI in float keep 0.999 (joint_solver_xpbd.c).
	ttReal debtMemory;
	/// Take back only a body's net lift: what its projections lifted it beyond the prediction's
	/// drop, less what they lowered it lately (XPBD in float, joint_solver_xpbd.c). Taken back
	/// substep by substep, the lift of projections that jitter up and down was taken back and
	/// their drop kept, which walked a body down through the ground at rest.
	bool takeBackNetLift;
} ttJointGuardPolicy;

/// Start of a substep: nothing projected yet.
void ttJointEnergyGuard_BeginSubstep( ttStepContext* ctx );
/// Around each projection of the joints (every iteration): record the poses before it, and add
/// the velocity it gave each awake body.
void ttJointEnergyGuard_BeforeProjection( ttStepContext* ctx );
void ttJointEnergyGuard_AfterProjection( ttStepContext* ctx );
/// A velocity-level family (sequential impulses): before the pass whose velocities move the
/// positions; as soon as the velocities are derived, before the relax pass; after the relax and
/// the contacts' velocity pass. Between them the joints' sum holds everything the substep did to
/// each awake body's velocity since the biased pass began (the contacts' answer included).
void ttJointEnergyGuard_BeforeImpulses( ttStepContext* ctx );
/// After the biased pass, before the positions move: in each group of bodies joined by joints
/// without an energy source whose biased velocity carries more than 16 times the kinetic energy
/// it had before the joints' impulses plus what its joints' feedback asks for (jointFeedbackEnergy),
/// scale the joints' share of that velocity down to it. Sets each awake dynamic body's
/// jointGuardKept, the share of its joints' impulses the family keeps.
void ttJointEnergyGuard_BoundBiasedMove( ttStepContext* ctx );
/// After the biased pass, before the contacts': what the contacts then change is their answer.
void ttJointEnergyGuard_AfterBiasedImpulses( ttStepContext* ctx );
void ttJointEnergyGuard_BeforeRelax( ttStepContext* ctx );
void ttJointEnergyGuard_AfterImpulses( ttStepContext* ctx );
/// After the velocities are derived (and a velocity-level family's relax pass): in each group of bodies joined by
/// joints without an energy source whose kinetic plus potential energy the projections raised, scale the group's motion
/// (relative to its centre of mass unless it hangs on a static body) back to the energy it had.
/// Sets each awake dynamic body's jointGuardKept.
void ttJointEnergyGuard_Apply( ttStepContext* ctx, const ttJointGuardPolicy* policy );
