// SPDX-License-Identifier: MIT
// The joints' energy guard (issue 14: a joint must never add energy with no input), for every
// joint family: the position-level ones (XPBD, point-mass) around their projections, sequential
// impulses around its two passes (the end of this comment).
//
// Why. A projection that starts from poses satisfying the constraints cannot raise the kinetic
// energy: each joint's correction is a projection in the mass metric onto a set that contains
// the substep's start, so it never lengthens the step's displacement, and the velocity derived
// from it never grows (the linearised argument; XPBD loses energy in practice). What one
// Gauss-Seidel sweep leaves unsolved is still there when the next substep starts, and the
// projection then corrects that error too: the correction becomes velocity. Where the sweep
// converges the error is tiny; in chains through light bodies on long levers it does not, and
// the soak found what follows: a 0.9 kg box 8 m from its slider's anchor, its rotation lock left
// 3 mrad off by its other joint every substep; when the slider reached its stop the weld moved
// the box's centre 2 cm in one substep to take that error out, and the chain's kinetic energy
// went from 0.9 J to 35 J (docs/hardening.md, "Soak").
//
// What. The poses before each projection are recorded and the velocity the joints' projections
// gave each body is added up (only theirs: contacts and long range constraints between the
// iterations are not counted). After the velocities are derived, bodies joined by joints are
// grouped (union-find); in a group with no energy source (compliance, motor, drive, target, soft
// limit, kinematic body) the kinetic energy now plus the potential energy of the corrections is
// compared with the kinetic energy before them, less what the prediction took (below). Where it
// rose, first the projections' own velocity is taken out as far as needed (its share beta), then,
// if taking all of it out is not enough, the group's motion relative to its centre of mass (all of it
// when the group hangs on a static body) is scaled down. A credit of what the projections took
// lately may come back first. The positions keep the whole correction (the error is removed);
// only its energy is not kept: post-stabilisation, in the spirit of Box2D's split impulses for
// contacts. One exception (XPBD, 2026-11-28): where even no motion leaves the group above its
// account, a lift beyond what the prediction dropped each body, which what the projections took
// over the last seconds does not pay for, is taken back (Apply, below). A group whose energy does
// not rise (every well-converged joint system) is left alone, bit for bit.
//
// When. Right after the velocities are derived, before the contacts' velocity pass (the joint
// family's afterDeriveVelocities): the guard reads each body's velocity before the projections as
// its velocity now less what they gave it, which holds only while nothing else has touched it.
// Run after the contacts' relax and restitution (as it was until 2026-11-28), it took the
// projections' velocity out of a velocity the contacts had already answered: a body pushed into
// the ground by a projection had that approach cancelled by the relax (or bounced by the
// restitution), and taking the projection's share out afterwards left it leaving the ground as
// fast as it had been pushed in. The contacts' answer to velocity that was never real stayed, and
// with it the energy: 61 of 600 random scenes with contacts ran away, every one jointed
// (tether-soak, seed 1), and none without contacts; two 1000 kg boxes on ball joints to a 0.01 kg box, dropped onto the
// ground, went from 52 kJ to 4e56 J (tests/test_joint_contact_energy.c). Now the contacts act on
// the guarded velocities.
//
// The other families (2026-11-28). Sequential impulses (joint_solver_si.c) already keep their
// position feedback out of the velocity in principle (Box2D v3's soft step: a biased pass before
// the positions move, a relax pass without the feedback after), but one Gauss-Seidel sweep of each
// pass does not solve a chain through light bodies on long levers, and what the relax sweep leaves
// of the biased velocity is energy (the soak: a 0.018 kg body welded to a 182 kg one and on a
// slider to a 43 kg one; 68 of 600 jointed scenes ran away without contacts, 34 with the tree
// solve). The account is the same: the velocity the impulses of both passes gave each body
// (ttJointEnergyGuard_BeforeImpulses, BeforeRelax, AfterImpulses), of which the biased pass's moved
// the positions (its potential energy), against the kinetic energy the body would have had
// without them; the family then warm starts with the share of its impulses the guard kept
// (jointGuardKept). Its relax pass runs as soon as the velocities are derived and its guard after
// the contacts' velocity pass, over everything since the biased pass: the joints' impulses and the
// contacts' answer to them (below, "Sequential impulses and contacts"). The point-mass family is position-level and is
// guarded as XPBD is (126 of 600 ran away: the chord step on light bodies on long levers, like XPBD's). Both integrate
// by symplectic Euler with an energy error that swings without a trend, which a guard against every rise turns into
// damping (a hung cube's period 0.24 % short, a pendulum losing 5.8 % of its swing in 10 periods): their policy
// (ttJointGuardPolicy) measures the energy that scheme keeps, keeps the whole account, so that a swing may come back to
// the energy it had, and carries what an intervention leaves on it.

#include "joint_energy_guard.h"

#include "core.h"
#include "joint.h"
#include "math_double.h"
#include "world.h"

#include "tether/tether.h"

#include <math.h>

// A rise below this fraction of the group's kinetic energy (plus an absolute floor) is rounding
// and the second-order error of the linearised projection, not a runaway: leaving it alone keeps
// the well-converged systems bit for bit as they were. The energies are sums of terms that cancel;
// in float their rounding (about 1e-7 of each term) set the guard off on a plain pendulum, whose
// period then came out 0.03 % long. The sums are kept in double since 2026-11-28 (math_double.h);
// the float floor stays for the families that state no tolerance of their own (XPBD, sequential
// impulses; ttJointGuardPolicy's relative replaces it), since the float state's own rounding
// remains (estimated: a turn derived from two float rotations a substep apart is off by about
// 1e-4 rad/s at 1/1200 s).
#define TT_GUARD_RELATIVE ( TT_REAL_IS_FLOAT ? (ttReal)1e-3 : (ttReal)1e-6 )
/// J per kg of the group: a damped float pendulum coming to rest (kinetic energy 1e-4 J) was held
/// swinging by the guard's reaction to rounding at 1e-12 J.
#define TT_GUARD_ABSOLUTE ( TT_REAL_IS_FLOAT ? (ttReal)1e-5 : (ttReal)1e-12 )

static ttBody* ttGuardBody( ttWorld* world, int awake )
{
	return ttWorld_Body( world, world->awakeBodies[awake] );
}

// The angular velocity the step derives from a rotation reached from the substep's start
// (ttDeriveVelocities: w = 2 vec(dq) / (h dq.w)).
static ttVec3 ttDerivedAngularVelocity( ttQuat q, ttQuat start, ttReal h )
{
	ttQuat dq = ttQuatMul( q, ttQuatConj( start ) );
	if ( dq.w < 0 )
	{
		dq = ( ttQuat ){ -dq.x, -dq.y, -dq.z, -dq.w };
	}
	ttReal scale = 2 / ( h * ttMaxReal( dq.w, (ttReal)0.5 ) );
	return ( ttVec3 ){ scale * dq.x, scale * dq.y, scale * dq.z };
}

static bool ttHasStart( const ttBody* body )
{
	ttQuat start = body->jointStartQ;
	return start.x != 0 || start.y != 0 || start.z != 0 || start.w != 0;
}

// No awake joint: no projection to measure, and Apply has nothing to guard, so the per-body
// passes are skipped (in a scene without joints they were a serial loop over every body).
static bool ttNothingToGuard( const ttStepContext* ctx )
{
	return ctx->jointCount == 0;
}

void ttJointEnergyGuard_BeginSubstep( ttStepContext* ctx )
{
	if ( ttNothingToGuard( ctx ) )
	{
		return;
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( ctx->world, i );
		body->jointStartQ = ( ttQuat ){ 0, 0, 0, 0 }; // not projected yet
		body->jointVelocity = TT_VEC3_ZERO;
		body->jointAngularVelocity = TT_VEC3_ZERO;
		body->jointMoveVelocity = TT_VEC3_ZERO;
		body->jointGuardKept = 1;
		body->jointFeedbackEnergy = 0;
		body->jointAnswered = false;
	}
}

void ttJointEnergyGuard_BeforeProjection( ttStepContext* ctx )
{
	if ( ttNothingToGuard( ctx ) )
	{
		return;
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( ctx->world, i );
		if ( ttHasStart( body ) == false )
		{
			body->jointStartQ = body->q;
		}
		body->jointSolveDelta = body->delta;
		body->jointSolveQ = body->q;
	}
}

// Only the joints' own corrections count: contacts and long range constraints solved between the
// iterations move the bodies too, and a long range bound's stored energy (the crossbow of fig.
// 16) is theirs to release.
void ttJointEnergyGuard_AfterProjection( ttStepContext* ctx )
{
	if ( ttNothingToGuard( ctx ) )
	{
		return;
	}
	ttReal invH = 1 / ctx->h;
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( ctx->world, i );
		body->jointVelocity = ttMulAdd( body->jointVelocity, invH, ttSub( body->delta, body->jointSolveDelta ) );
		if ( body->fixedRotation == false )
		{
			ttVec3 turned = ttSub( ttDerivedAngularVelocity( body->q, body->prevQ, ctx->h ),
			                       ttDerivedAngularVelocity( body->jointSolveQ, body->prevQ, ctx->h ) );
			body->jointAngularVelocity = ttAdd( body->jointAngularVelocity, turned );
		}
		body->jointMoveVelocity = body->jointVelocity; // a projection's velocity is its displacement
	}
}

// Sequential impulses. Before the biased pass the velocity is taken away from the joints' sum;
// after the positions have moved, the velocity they imply (the step's derivation: the rotation
// cap of the position update may have cut the pass's spin) is added back and the current one
// taken away again (the same, up to rounding, since the relax now runs as soon as the velocities
// are derived); after the relax and the contacts' velocity pass the velocity is added. The
// rotation the substep starts from stands for the one before the joints (a rotation about w
// leaves w . I w as it is).
//
// Sequential impulses and contacts (2026-11-28). The contacts' biased pass comes after the
// joints' (non-penetration has the last word) and answers them: a joint that pushes a body into
// the ground is stopped there by the contact. So what the joints did cannot be told apart from
// the contacts' answer, and the sum holds both: the guard compares the energy after the whole
// substep with the energy before the joints, which is exact. Until 2026-11-28 the sum left out
// the contacts' relax and restitution, which ran before the joints' relax: the guard then read a
// velocity before the joints that no body had had, and 4 of the first 600 random scenes with
// contacts ran away (tether-soak, seed 1). Counting the contacts' answer as the joints' makes the
// sum carry impulses from outside the group, so the share the guard keeps changes the group's
// momentum: its motion is scaled about the centre of mass of the velocities the share leaves.
// About the one before the share, the group kept whatever its contacts had thrown it with (a
// random welded chain above a ground under the tree solve, test_joint_contact_energy seed 20020,
// went from 17 kJ of kinetic energy to 2 MJ in 3 steps).
void ttJointEnergyGuard_BeforeImpulses( ttStepContext* ctx )
{
	if ( ttNothingToGuard( ctx ) )
	{
		return;
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( ctx->world, i );
		if ( ttHasStart( body ) == false )
		{
			body->jointStartQ = body->q;
		}
		body->jointVelocity = ttSub( body->jointVelocity, body->v );
		body->jointAngularVelocity = ttSub( body->jointAngularVelocity, body->w );
	}
}

void ttJointEnergyGuard_AfterBiasedImpulses( ttStepContext* ctx )
{
	if ( ttNothingToGuard( ctx ) )
	{
		return;
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( ctx->world, i );
		body->jointMoveVelocity = body->v; // until BeforeRelax: the velocity the joints' pass left
	}
}

void ttJointEnergyGuard_BeforeRelax( ttStepContext* ctx )
{
	if ( ttNothingToGuard( ctx ) )
	{
		return;
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( ctx->world, i );
		if ( body->type != ttBody_dynamic || ttHasStart( body ) == false )
		{
			continue;
		}
		ttVec3 moved = ttScale( 1 / ctx->h, ttSub( body->delta, body->prevDelta ) ); // as ttDeriveVelocities
		// The same derivation of the move the joints' velocity alone would have made (as
		// ttIntegratePositions): bit for bit the velocity derived now unless something else acted.
		ttVec3 alone = ttScale(
		    1 / ctx->h, ttSub( ttMulAdd( body->prevDelta, ctx->h, body->jointMoveVelocity ), body->prevDelta ) );
		body->jointAnswered = moved.x != alone.x || moved.y != alone.y || moved.z != alone.z;
		body->jointMoveVelocity = ttAdd( body->jointVelocity, moved );
		body->jointVelocity = ttSub( body->jointMoveVelocity, body->v );
		if ( body->fixedRotation == false )
		{
			ttVec3 turned = ttDerivedAngularVelocity( body->q, body->prevQ, ctx->h );
			body->jointAngularVelocity = ttAdd( body->jointAngularVelocity, ttSub( turned, body->w ) );
		}
	}
}

void ttJointEnergyGuard_AfterImpulses( ttStepContext* ctx )
{
	if ( ttNothingToGuard( ctx ) )
	{
		return;
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( ctx->world, i );
		body->jointVelocity = ttAdd( body->jointVelocity, body->v );
		body->jointAngularVelocity = ttAdd( body->jointAngularVelocity, body->w );
	}
}

// Whether a joint may put energy in (a spring's, a motor's, a drive's, a target's): the guard
// leaves its group alone.
static bool ttJoint_IsEnergySource( const ttJoint* joint )
{
	if ( joint->linearCompliance > 0 || joint->angularCompliance > 0 )
	{
		return true;
	}
	switch ( joint->type )
	{
		case ttJoint_hinge:
		{
			const ttHingeJointDef* d = &joint->hinge;
			return d->enableMotor || d->enableTarget || ( d->enableLimit && d->limitCompliance > 0 );
		}
		case ttJoint_spherical:
		{
			const ttSphericalJointDef* d = &joint->spherical;
			return ( d->enableSwingLimit && d->swingCompliance > 0 ) ||
			       ( d->enableTwistLimit && d->twistCompliance > 0 );
		}
		case ttJoint_prismatic:
			return joint->prismatic.enableDrive || joint->prismatic.driveForce != 0;
		case ttJoint_distance:
			return joint->distance.compliance > 0;
		case ttJoint_path:
			return joint->path.enableMotor;
		default:
			return false;
	}
}

static int ttFindGroup( ttWorld* world, int awake )
{
	int root = awake;
	while ( ttGuardBody( world, root )->jointGroup != root )
	{
		root = ttGuardBody( world, root )->jointGroup;
	}
	// Path halving keeps the trees flat.
	while ( awake != root )
	{
		ttBody* body = ttGuardBody( world, awake );
		int next = body->jointGroup;
		body->jointGroup = root;
		awake = next;
	}
	return root;
}

// One group's sums, kept by the awake index of its root.
typedef struct ttGuardTerms
{
	double before; ///< kinetic energy before the projections
	/// Kinetic energy with a share beta of the projections' velocity: kept + linear beta +
	/// quadratic beta^2 (kept: without any of it, at the rotations now).
	double kept, linear, quadratic;
	/// Energy that no share of the velocity changes: the potential energy of the projections'
	/// displacement, less the prediction's loss they may give back.
	double potential;
	double mass;
	ttVec3 momentum;
	/// Potential energy of the projections' lift beyond what the prediction dropped each body.
	ttReal excessLift;
	double credit;     ///< energy the projections took from the group's bodies lately
	ttReal liftCredit; ///< the same over about 10 s, which a lift may spend
	bool jointed;      ///< the group has a joint
	bool source;       ///< a joint with an energy source or to a kinematic body: left alone
	bool anchored;     ///< a joint to a static body: momentum goes to the world
	bool answered;     ///< the contacts answered the joints of a velocity-level family in this substep
	double feedback;   ///< sequential impulses: the kinetic energy the joints' feedback asks for
	/// The momentum of the joints' velocity: zero but for rounding where their impulses are
	/// internal, not where the sum holds the contacts' answer too.
	ttVec3 jointMomentum;
} ttGuardTerms;

// The guard's sums are kept in double whatever ttReal is: they are bookkeeping, not state, and
// in float their rounding (1e-7 of each of terms that cancel) decided whether the guard stepped
// in (math_double.h). The steps are those of the ttReal functions they mirror, in their order, so that a double
// build computes the same bits.
static double ttKineticEnergy( const ttBody* body, ttVec3d v, ttVec3d w, ttQuat q )
{
	double energy = 0.5 * (double)body->mass * ttVec3d_Dot( v, v );
	if ( body->fixedRotation == false )
	{
		ttVec3d local = ttVec3d_InvRotate( q, w );
		ttVec3d inertia = ttVec3d_From( body->inertia );
		ttVec3d moment = { inertia.x * local.x, inertia.y * local.y, inertia.z * local.z };
		energy += 0.5 * ttVec3d_Dot( local, moment );
	}
	return energy;
}

// The lift account's share kept from one substep to the next: it fades over about 10 s. A chain
// that one sweep does not solve sags when it catches a falling body (the energy the projections
// took) and creeps back up at rest for seconds after (paper Fig. 6: the 1 kg box is still rising
// 0.07 mm a second at 4 s); with a one-second account the creep ran out of credit and the
// take-back below held the box low, the joint forces read 10.57 N instead of 10.01 N.
static ttReal ttLiftMemory( ttReal h )
{
	return 1 / ( 1 + h / (ttReal)10 ); // about exp(-h / 10 s)
}

// How far the projections lifted a body's centre against gravity beyond what the prediction
// x + h (v + g h) dropped it, g h^2; negative where they lowered it further.
static ttReal ttNetLift( const ttWorld* world, const ttBody* body, ttReal h )
{
	ttReal g = body->gravityScale * ttLength( world->gravity );
	if ( g <= 0 )
	{
		return 0;
	}
	ttVec3 up = ttScale( -1 / ttLength( world->gravity ), world->gravity );
	ttReal lift = h * ttDot( up, body->jointMoveVelocity );
	return lift - g * h * h;
}

// A body's lift ledger after this substep's projections (takeBackNetLift): the net lift of the
// last seconds, before anything is taken back.
static ttReal ttLiftLedger( const ttWorld* world, const ttBody* body, ttReal h )
{
	return ttLiftMemory( h ) * body->jointNetLift + ttNetLift( world, body, h );
}

// The lift the guard may take back from a body: this substep's beyond the prediction's drop; with
// takeBackNetLift no more than its ledger, so that a lift which only brings back what the
// projections lowered it lately stays. A chain that one sweep does not solve (a 7.9 kg box between
// the world and a 174 kg box, test_joint_contact_energy part 3, seed 21012) had its projections
// move the boxes up and down by up to metres a substep at rest; each lift was taken back and each
// drop kept, and the heavy box walked down through the ground at no speed.
static ttReal ttExcessLift( const ttWorld* world, const ttBody* body, ttReal h, const ttJointGuardPolicy* policy )
{
	ttReal lift = ttMaxReal( ttNetLift( world, body, h ), 0 );
	return policy->takeBackNetLift ? ttMinReal( lift, ttMaxReal( ttLiftLedger( world, body, h ), 0 ) ) : lift;
}

// What is left of a body's account after one substep's fading: a credit (energy the projections
// took) fades by the policy's memory, a debt (energy they gave within the tolerance) by its own
// where it names one.
static double ttKeptCredit( const ttJointGuardPolicy* policy, ttReal credit )
{
	ttReal memory = credit < 0 && policy->debtMemory > 0 ? policy->debtMemory : policy->memory;
	return (double)memory * (double)credit;
}

// Adds a body's kinetic energy with a share beta of the joints' velocity (dv, dw) to its group's
// terms: KE(v0 + beta dv) = kept + linear beta + quadratic beta^2 at the rotation now, with
// v0 = v - dv, fitted through beta = -1, 0, 1.
static void ttAddShareTerms( const ttBody* body, ttVec3d v, ttVec3d w, ttVec3d dv, ttVec3d dw, ttGuardTerms* terms )
{
	ttVec3d v0 = ttVec3d_Sub( v, dv ), w0 = ttVec3d_Sub( w, dw );
	double kept = ttKineticEnergy( body, v0, w0, body->q );
	double all = ttKineticEnergy( body, v, w, body->q );
	double opposite = ttKineticEnergy( body, ttVec3d_Sub( v0, dv ), ttVec3d_Sub( w0, dw ), body->q );
	terms->kept += kept;
	terms->linear += 0.5 * ( all - opposite );
	terms->quadratic += 0.5 * ( all + opposite ) - kept;
}

// Adds one body's terms to its group: its kinetic energy before the projections (the velocity now
// less what they gave it, at the rotation it had then), the terms of KE(v0 + beta dv) now, the
// potential energy of the joints' displacement, and its momentum.
static void ttAddBodyTerms( const ttWorld* world, const ttBody* body, ttReal h, const ttJointGuardPolicy* policy,
                            ttGuardTerms* terms )
{
	ttVec3d v = ttVec3d_From( body->v ), w = ttVec3d_From( body->w );
	ttVec3d dv = ttVec3d_From( body->jointVelocity ), dw = ttVec3d_From( body->jointAngularVelocity );
	ttVec3d v0 = ttVec3d_Sub( v, dv ), w0 = ttVec3d_Sub( w, dw );
	terms->before += ttKineticEnergy( body, v0, w0, body->jointStartQ );
	ttAddShareTerms( body, v, w, dv, dw, terms );
	double mass = (double)body->mass, gravityScale = (double)body->gravityScale, step = (double)h;
	ttVec3d gravity = ttVec3d_From( world->gravity ), moved = ttVec3d_From( body->jointMoveVelocity );
	moved = ( ttVec3d ){ step * moved.x, step * moved.y, step * moved.z };
	terms->potential -= mass * gravityScale * ttVec3d_Dot( gravity, moved );
	if ( policy->symplectic )
	{
		// The energy symplectic Euler keeps is E + h/2 m g . v (in free flight exactly; E itself
		// swings by that term, first order in h, as a bead runs down a wire and up again). Its
		// extra term changes by h/2 m g . (g h + beta dv) over the substep; the first part is the
		// prediction's loss below, which it cancels.
		terms->linear += 0.5 * step * mass * gravityScale * ttVec3d_Dot( gravity, dv );
	}
	else
	{
		// The prediction x + h (v + g h) loses 1/2 m g^2 h^2 against the energy the substep started
		// with, which a projection may give back: a pendulum released from rest has its fall's
		// radial part lifted back up, 1/2 m g^2 h^2 cos^2 of its angle more than the kinetic energy
		// before the projection. The reference is the energy at the substep's start.
		double g = gravityScale * sqrt( ttVec3d_Dot( gravity, gravity ) ) * step;
		terms->potential -= 0.5 * mass * g * g;
	}
	terms->excessLift +=
	    body->mass * ttExcessLift( world, body, h, policy ) * body->gravityScale * ttLength( world->gravity );
	terms->mass += mass;
	terms->momentum = ttMulAdd( terms->momentum, body->mass, body->v );
	terms->jointMomentum = ttMulAdd( terms->jointMomentum, body->mass, body->jointVelocity );
	terms->credit += ttKeptCredit( policy, body->jointEnergyCredit );
	terms->answered = terms->answered || body->jointAnswered;
	terms->liftCredit += ttLiftMemory( h ) * body->jointLiftCredit;
}

// The largest share beta in [0, 1] with c + linear beta + quadratic beta^2 <= 0; where none does,
// the share of least value.
static double ttShareWithin( double linear, double quadratic, double c )
{
	if ( quadratic <= 0 )
	{
		return c + linear <= 0 ? 1 : 0;
	}
	double discriminant = linear * linear - 4 * quadratic * c;
	double beta =
	    discriminant >= 0 ? ( -linear + sqrt( discriminant ) ) / ( 2 * quadratic ) : -linear / ( 2 * quadratic );
	return beta < 0 ? 0 : ( beta > 1 ? 1 : beta );
}

// The largest share beta in [0, 1] of the projections' velocity for which the group's energy does
// not rise: kept + linear beta + quadratic beta^2 + potential <= before; where none does, the share
// of least energy.
static double ttGuardShare( const ttGuardTerms* t )
{
	return ttShareWithin( t->linear, t->quadratic, t->kept + t->potential - t->before - t->credit );
}

static void ttJoinGroups( ttWorld* world, const ttBody* bodyA, const ttBody* bodyB )
{
	if ( bodyA->type == ttBody_dynamic && bodyB->type == ttBody_dynamic && bodyA->awakeIndex >= 0 &&
	     bodyB->awakeIndex >= 0 )
	{
		int rootA = ttFindGroup( world, bodyA->awakeIndex ), rootB = ttFindGroup( world, bodyB->awakeIndex );
		ttGuardBody( world, rootB )->jointGroup = rootA;
	}
}

// Sequential impulses guard after the contacts' velocity pass, whose relax and restitution answer
// the joints' unguarded velocity: a jointed body driven into a free one hands it its motion there.
// Grouped by joints alone, the free body kept it while the guard took the jointed one back to its
// account: the soak's scene 354 (seed 1, a chain hung on the world) gave a free body 520 kJ in one
// substep and rose from 1.49 MJ to 1.91 MJ. Grouped through the touching contacts as well, the
// free body's share of the contacts' answer is in the group's sum and its energy in the account.
static void ttJoinTouchingBodies( ttWorld* world )
{
	for ( int m = 0; m < world->manifoldCount; ++m )
	{
		const ttManifold* manifold = world->manifolds + m;
		if ( manifold->pointCount > 0 )
		{
			ttJoinGroups( world, ttWorld_Body( world, manifold->bodyA ), ttWorld_Body( world, manifold->bodyB ) );
		}
	}
}

// Groups the awake dynamic bodies joined by awake joints (and, with `contactsJoin`, touching
// ones), and returns each group's terms, zeroed but for what its joints say (kept by the awake
// index of its root); NULL when out of memory.
static ttGuardTerms* ttGroupBodies( ttStepContext* ctx, bool contactsJoin )
{
	ttWorld* world = ctx->world;
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttGuardBody( world, i )->jointGroup = i;
	}
	// Groups: dynamic bodies joined by awake joints.
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		const ttJoint* joint = ttWorld_Joint( world, world->awakeJoints[j] );
		const ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
		const ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
		if ( bodyA->type == ttBody_dynamic && bodyB->type == ttBody_dynamic && bodyA->awakeIndex >= 0 &&
		     bodyB->awakeIndex >= 0 )
		{
			int rootA = ttFindGroup( world, bodyA->awakeIndex ), rootB = ttFindGroup( world, bodyB->awakeIndex );
			ttGuardBody( world, rootB )->jointGroup = rootA;
		}
	}
	if ( contactsJoin )
	{
		ttJoinTouchingBodies( world );
	}
	// Kept in the world between substeps: no allocation in the step once it has grown.
	if ( ttReserve( (void**)&world->jointGuardTerms, &world->jointGuardTermsCapacity, ctx->bodyCount,
	                sizeof( ttGuardTerms ) ) == false )
	{
		return NULL;
	}
	ttGuardTerms* terms = world->jointGuardTerms;
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		terms[i] = ( ttGuardTerms ){ 0 };
	}
	// What each group's joints say: a group without joints is not the joints' business, one with
	// an energy source or a kinematic body is left alone, one on a static body trades momentum
	// with the world.
	for ( int j = 0; j < ctx->jointCount; ++j )
	{
		const ttJoint* joint = ttWorld_Joint( world, world->awakeJoints[j] );
		const ttBody* bodyA = ttWorld_Body( world, joint->bodyA );
		const ttBody* bodyB = ttWorld_Body( world, joint->bodyB );
		const ttBody* member = bodyB->type == ttBody_dynamic ? bodyB : bodyA;
		const ttBody* other = member == bodyB ? bodyA : bodyB;
		if ( member->type != ttBody_dynamic || member->awakeIndex < 0 )
		{
			continue;
		}
		ttGuardTerms* group = terms + ttFindGroup( world, member->awakeIndex );
		group->jointed = true;
		group->source = group->source || ttJoint_IsEnergySource( joint ) || bodyA->type == ttBody_kinematic ||
		                bodyB->type == ttBody_kinematic;
		group->anchored = group->anchored || other->type != ttBody_dynamic;
	}
	return terms;
}

// Sequential impulses (2026-11-28). The biased pass's velocity moves the positions, and its
// position feedback is no energy: the relax pass takes it out of the velocities again, and Apply
// (below) sees only what is left. So the move itself was unbounded. A 0.0176 kg capsule welded
// to a 915 kg ball spinning at 118 rad/s and on a ball joint to a 197 kg body hung on the world
// (tether-soak seed 1, scene 1794 under SI) is pulled between them by one Gauss-Seidel sweep; the
// joints' errors grew to 40 m, their warm-started impulses on its 0.0012 kg m^2 of inertia spun it
// at up to 8e5 rad/s and 3e4 m/s in the biased pass (3.8e8 J against the scene's 1.5e6 J), and
// the relax took that back each substep while the positions kept the move: the capsule went 11 km
// in one step and 2.7e5 m from its start. A soft constraint's feedback asks for each row's
// b^2 / 2K (b = biasRate C, K the row's inverse effective mass) on top of the motion; the biased
// velocity carries at most 16 times (4 times the speeds) the group's kinetic energy before the
// impulses plus that, and beyond it the joints' share of the velocity is scaled back as Apply's is.
// Why 16: one sweep that has not converged overshoots within the substep (warm-started impulses at
// poses that turned by up to the rotation cap), which the relax takes back; such a group carries
// 10 to 30 times its energy in the biased pass now and then (seed 2, scene 32: a 22.5 kg body at
// 1,200 rad/s and a 0.6 kg one at 500 m/s, on anchors 0.0005 of m r^2), and bounded at 4 times it
// rose 13 % above its start at step 3 where unbounded it rose 5 %. The runaway moves are orders of
// magnitude beyond (190 times in scene 1794), and at 16 times every reach failure is gone as at 4.
// No group of the tests, the benchmark scenes or the golden scenes comes near it.
#define TT_BIASED_MOVE_ALLOWANCE 16

// Whether a body's biased velocity is surely within its own share of the bound, by sums that need
// no rotation: the kinetic energy now is at most 1/2 m v^2 + 1/2 I_max w^2, before at least
// 1/2 m v0^2 + 1/2 I_min w0^2. Where every body's is, so is every group's, and the grouping is
// skipped (it cost about a tenth of a 21-joint chain's step).
static bool ttSurelyWithinBiasedBound( const ttBody* body )
{
	// Since BeforeImpulses the joints' sum holds minus the velocity before the impulses.
	ttVec3d v = ttVec3d_From( body->v ), v0 = ttVec3d_From( ttNeg( body->jointVelocity ) );
	double mass = (double)body->mass;
	double now = 0.5 * mass * ttVec3d_Dot( v, v ), before = 0.5 * mass * ttVec3d_Dot( v0, v0 );
	if ( body->fixedRotation == false )
	{
		ttVec3d w = ttVec3d_From( body->w ), w0 = ttVec3d_From( ttNeg( body->jointAngularVelocity ) );
		ttVec3d inertia = ttVec3d_From( body->inertia );
		double smallest = fmin( fmin( inertia.x, inertia.y ), inertia.z );
		double largest = fmax( fmax( inertia.x, inertia.y ), inertia.z );
		now += 0.5 * largest * ttVec3d_Dot( w, w );
		before += 0.5 * smallest * ttVec3d_Dot( w0, w0 );
	}
	return now <=
	       TT_BIASED_MOVE_ALLOWANCE * ( before + (double)body->jointFeedbackEnergy ) + (double)TT_GUARD_ABSOLUTE * mass;
}

void ttJointEnergyGuard_BoundBiasedMove( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	if ( ttNothingToGuard( ctx ) || ctx->bodyCount == 0 )
	{
		return;
	}
	bool surelyWithin = true;
	for ( int i = 0; i < ctx->bodyCount && surelyWithin; ++i )
	{
		const ttBody* body = ttGuardBody( world, i );
		surelyWithin = body->type != ttBody_dynamic || ttHasStart( body ) == false || ttSurelyWithinBiasedBound( body );
	}
	if ( surelyWithin )
	{
		return;
	}
	ttGuardTerms* terms = ttGroupBodies( ctx, false );
	if ( terms == NULL )
	{
		return; // out of memory: the step goes on unbounded
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		const ttBody* body = ttGuardBody( world, i );
		if ( body->type != ttBody_dynamic || ttHasStart( body ) == false )
		{
			continue;
		}
		// Since BeforeImpulses the joints' sum holds minus the velocity before the impulses.
		ttVec3d dv = ttVec3d_From( ttAdd( body->v, body->jointVelocity ) );
		ttVec3d dw = ttVec3d_From( ttAdd( body->w, body->jointAngularVelocity ) );
		ttGuardTerms* group = terms + ttFindGroup( world, i );
		ttAddShareTerms( body, ttVec3d_From( body->v ), ttVec3d_From( body->w ), dv, dw, group );
		group->feedback += (double)body->jointFeedbackEnergy;
		group->mass += (double)body->mass;
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( world, i );
		const ttGuardTerms* group = terms + ttFindGroup( world, i );
		if ( body->type != ttBody_dynamic || ttHasStart( body ) == false || group->jointed == false || group->source )
		{
			continue;
		}
		double allowed =
		    TT_BIASED_MOVE_ALLOWANCE * ( group->kept + group->feedback ) + (double)TT_GUARD_ABSOLUTE * group->mass;
		double now = group->kept + group->linear + group->quadratic;
		if ( now <= allowed )
		{
			continue;
		}
		// kept + linear beta + quadratic beta^2 = allowed has one root in (0, 1): kept <= allowed < now.
		double beta = ttShareWithin( group->linear, group->quadratic, group->kept - allowed );
		ttVec3 dv = ttAdd( body->v, body->jointVelocity ), dw = ttAdd( body->w, body->jointAngularVelocity );
		body->v = ttMulAdd( body->v, (ttReal)( beta - 1 ), dv );
		body->w = ttMulAdd( body->w, (ttReal)( beta - 1 ), dw );
		body->jointGuardKept = (ttReal)beta;
	}
}

void ttJointEnergyGuard_Apply( ttStepContext* ctx, const ttJointGuardPolicy* policy )
{
	ttWorld* world = ctx->world;
	if ( ttNothingToGuard( ctx ) || ctx->bodyCount == 0 )
	{
		return;
	}
	ttGuardTerms* terms = ttGroupBodies( ctx, policy->contactsJoin );
	if ( terms == NULL )
	{
		return; // out of memory: the step goes on unguarded
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		const ttBody* body = ttGuardBody( world, i );
		if ( body->type == ttBody_dynamic && ttHasStart( body ) )
		{
			ttAddBodyTerms( world, body, ctx->h, policy, terms + ttFindGroup( world, i ) );
		}
	}
	for ( int i = 0; i < ctx->bodyCount; ++i )
	{
		ttBody* body = ttGuardBody( world, i );
		const ttGuardTerms* group = terms + ttFindGroup( world, i );
		if ( body->type != ttBody_dynamic || ttHasStart( body ) == false )
		{
			continue;
		}
		double rise = group->kept + group->linear + group->quadratic + group->potential - group->before;
		// The account: a projection that jitters (a body resting on a limit, turned back about its
		// centre by the limit and pulled back onto its anchor by the attachment) gives energy in
		// one substep and takes it in the next, and rounding does both. What the projections took
		// lately may come back; what they gave within the tolerance is owed, so that a slow creep
		// under it is paid back once it has added up. Old entries fade by `memory` each
		// substep (debts by `debtMemory` where the policy names one: ttKeptCredit). A body's share
		// of its group's change goes by its mass.
		double share = group->mass > 0 ? (double)body->mass / group->mass : 0;
		body->jointGuardKept = 1;
		ttReal relativeTolerance = policy->relative > 0 ? policy->relative : TT_GUARD_RELATIVE;
		double tolerance = (double)relativeTolerance * group->before + (double)TT_GUARD_ABSOLUTE * group->mass;
		if ( group->jointed == false || group->source )
		{
			body->jointEnergyCredit = 0;
			body->jointLiftCredit = 0;
			body->jointNetLift = 0;
			continue;
		}
		// The lift account books every change the projections made, after the guard's own.
		ttReal liftCredit = ttLiftMemory( ctx->h ) * body->jointLiftCredit;
		ttReal takeable = ttExcessLift( world, body, ctx->h, policy );
		if ( policy->takeBackNetLift )
		{
			body->jointNetLift = ttLiftLedger( world, body, ctx->h ); // less what is taken back below
		}
		if ( rise <= group->credit + tolerance )
		{
			// What the group lost while contacts answered its joints (an impact on the ground)
			// the contacts took: it is not the joints' to give back, and the account only shrinks.
			// Credited, it let a chain under the tree solve climb from 0.6 MJ to 1.7 MJ (tether-soak
			// seed 2, scene 46).
			double credit = ttKeptCredit( policy, body->jointEnergyCredit );
			double owed = credit - share * rise;
			body->jointEnergyCredit = (ttReal)( group->answered && credit < owed ? credit : owed ); // ttMinReal
			body->jointLiftCredit = ttMaxReal( (ttReal)( liftCredit - share * rise ), 0 );
			continue;
		}
		body->jointEnergyCredit = 0;
		// First the projections' own velocity, as far as needed: it is where an error left from the
		// last substep turns into motion, and taking it out keeps the momentum (the corrections
		// are internal impulses). A car whose wheel started 4 mm off its rail keeps its speed.
		double beta = ttGuardShare( group );
		body->jointGuardKept = (ttReal)beta;
		body->v = ttMulAdd( body->v, (ttReal)( beta - 1 ), body->jointVelocity );
		body->w = ttMulAdd( body->w, (ttReal)( beta - 1 ), body->jointAngularVelocity );
		// Where even none of it brings the energy back (the displacement itself lifted the group,
		// or the turn carried spinning inertia round), scale the group's motion relative to its
		// centre of mass (all of it when the group hangs on a static body). Scaled alike, the
		// velocities still agree with the joints.
		double now = group->kept + beta * ( group->linear + beta * group->quadratic );
		double allowed = group->before + group->credit - group->potential;
		if ( policy->carryResidual )
		{
			// What the intervention leaves above (or below) the account stays on it: forgiven,
			// a rise within the tolerance after every intervention added up (a 4.7 kg ball welded
			// between a 420 kg and a 365 kg body gained 110 J every other substep).
			body->jointEnergyCredit = (ttReal)( share * ( allowed - now ) );
		}
		if ( now <= allowed + tolerance )
		{
			body->jointLiftCredit =
			    ttMaxReal( (ttReal)( liftCredit - share * ( now + group->potential - group->before ) ), 0 );
			continue;
		}
		// The centre of mass of the velocities the share leaves: the same as before it where the
		// joints' impulses are internal, not where the sum holds the contacts' answer too
		// (sequential impulses, above).
		ttVec3 momentum = ttMulAdd( group->momentum, (ttReal)( beta - 1 ), group->jointMomentum );
		ttVec3 mean =
		    group->anchored || group->mass <= 0 ? TT_VEC3_ZERO : ttScale( (ttReal)( 1 / group->mass ), momentum );
		double meanEnergy = 0.5 * group->mass * (double)ttDot( mean, mean );
		double relative = now - meanEnergy;
		double fraction = relative > 0 ? ( allowed - meanEnergy ) / relative : 0;
		double scale = relative > 0 && allowed > meanEnergy ? sqrt( fraction < 1 ? fraction : 1 ) : 0;
		body->v = ttMulAdd( mean, (ttReal)scale, ttSub( body->v, mean ) );
		body->w = ttScale( (ttReal)scale, body->w );
		body->jointGuardKept *= (ttReal)scale;
		if ( policy->carryResidual )
		{
			body->jointEnergyCredit = (ttReal)( share * ( allowed - ( meanEnergy + scale * scale * relative ) ) );
		}
		// Where even no motion leaves the group above its account, its projections lifted it: by
		// what the prediction dropped it (a body hanging on a chain that one sweep does not solve
		// is lifted back each substep), by what they took from it over the last seconds (a sagging
		// chain creeping back up, paper Fig. 6), or by more. That more is energy from nowhere: a
		// light body welded between the world and a heavy one cannot stop the heavy one's spin in
		// one sweep, the errors grow to metres and radians, and the projection of such an error
		// lifted a 117 kg box 3.3 mm every substep at rest, 120 times g h^2 (docs/hardening.md).
		// It is taken back from the lift, straight down, as far as the excess needs.
		// The position-level families (policy takeBackLift): their prediction x + h (v + g h) drops
		// each body by g h^2 under either measure. Point-mass, until 2026-11-28 left out because its
		// symplectic measure has no "what the prediction dropped" term, let the same lift through:
		// a 3-joint chain hung on the world (soak seed 1, scene 131, no contacts) at rest under the
		// guard was lifted 890 kJ in one substep by the projection of errors its chord step had let
		// grow, and rose from 767 kJ to 923 kJ. Sequential impulses (since 2026-11-28): their biased
		// pass moves the positions with its feedback velocity, and jointMoveVelocity is that move
		// beyond the prediction, as for the position-level families.
		double after = meanEnergy + scale * scale * relative;
		double excess = after - allowed - tolerance;
		body->jointLiftCredit =
		    ttMaxReal( (ttReal)( liftCredit - share * ( after + group->potential - group->before ) ), 0 );
		if ( policy->takeBackLift && excess > 0 )
		{
			double paid = excess < group->liftCredit ? excess : group->liftCredit; // ttMinReal
			excess -= paid;
			if ( excess > 0 && group->excessLift > 0 )
			{
				ttReal back = ttMinReal( (ttReal)( excess / group->excessLift ), 1 ) * takeable;
				body->delta = ttMulAdd( body->delta, back / ttLength( world->gravity ), world->gravity );
				body->jointLiftCredit = 0;
				body->jointNetLift -= policy->takeBackNetLift ? back : 0;
				if ( policy->carryResidual )
				{
					// What the take-back lowered is no longer owed.
					body->jointEnergyCredit += body->mass * body->gravityScale * ttLength( world->gravity ) * back;
				}
			}
		}
	}
}
