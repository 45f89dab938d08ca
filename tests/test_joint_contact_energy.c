// SPDX-License-Identifier: MIT
// Jointed bodies on the ground must not gain energy either (issue 14). test_joint_energy checks
// the joints alone; here the same joints meet the soft-step contacts, with sleeping off so that
// nothing hides a rise.
//
// 1. Heavy, light, heavy: two 1000 kg boxes (0.4 m) on ball joints to a 0.01 kg box (0.1 m) 1.5 m
//    from both anchors, dropped from 2 m onto the ground, one heavy box moving at 5 m/s, 10 s at
//    10 substeps x 1 iteration. One Gauss-Seidel sweep does not solve the chain (a mass ratio of
//    10^5 on long levers), so every substep's projection corrects what the last one left and
//    gives the light box velocity that was never real; the XPBD energy guard takes that out. It
//    used to run after the contacts' velocity pass, which had already cancelled (relax) or
//    bounced (restitution) the part of that velocity pointing into the ground: the guard then took
//    the projection's share out of what was left, and the box left the ground as fast as it had
//    been pushed in. The energy went from 52 kJ to 4e56 J (restitution 0) and 3e56 J (0.5).
// 2. Random free chains of two or three joints of each type (three or four boxes, each on a joint
//    to the one before, none to the world; random limits as in test_joint_energy part 3, anchors
//    up to 10 m from the bodies) with masses over five decades (0.01 to 1000 kg, as the soak),
//    random speeds to 5 m/s and restitution to 0.5, started 1 to 3 m above the ground, 3 s at 10
//    substeps x 1 iteration. Before the fix 9 of these 360 chains rose above the bound, most by
//    their whole kinetic energy; the joints alone (no ground) rise in none.
// 3. The same boxes, two or three of them, with the first on a joint to the world (its anchor up
//    to 10 m from the box, as in test_joint_energy part 3), each next on the one before; without
//    and with the ground. One sweep does not solve a light box on a long lever between the world
//    and a heavy one: the heavy one keeps its spin, the errors grow to radians, and their
//    projection lifted the heavy box by up to metres a substep with no motion left to pay for it.
//    Before the guard took such a lift back (2026-11-28) 4 of these 360 chains without the ground
//    and 3 with it rose above the bound (seeds 20001, 20022, 23055 and 21036), by up to 110 times
//    it; the velocity guard alone could not stop it, as the energy came as potential energy.
//    Sequential impulses lift the same way: their biased pass feeds the position error back as
//    velocity, which moves the positions before the guard sees it, and where the guard then left
//    no motion the lift stayed (seed 20001 under SI: a 1.7 kg box welded to the world and to an
//    88 kg box, held at rest by the guard, rose 754 J in 60 steps).
//
// Every part runs under the XPBD joints, sequential impulses with and without the tree solve (the
// soak's --joint-solver si and --tree) and the point-mass joints, in both builds (part 3 under SI
// in float since 2026-11-28, see main). Under SI, before
// 2026-11-28, 3 and 6 of part 2's 360 chains broke the bound (to 1.5e4 J and 9e4 J): the joints'
// relax ran after the contacts' velocity pass and the guard counted only part of the substep, the
// restitution answered an approach that held the joints' push-out, and the guard scaled the
// group's motion about a centre of mass that its contacts had thrown (joint_solver_si.c,
// joint_energy_guard.c, contact_solver_soft.c).
//
// The bound: kinetic plus potential energy E(t) may not rise above E(0) by more than 1 % of the
// largest kinetic energy the scene reached, plus 1 mJ. Nothing here puts energy in: restitution
// below 1 gives back less than the approach took, the joints have no springs, motors or drives,
// and the guard lets no projection raise the energy. What the soft contacts' push-out gives a
// body that sank into the ground is taken out again by the relax within the substep, up to the
// second-order rounding of a projection on a turning body (well under 1 % of the energy that
// moved, as in test_joint_energy).
#include "test_joint_energy_cases.h"

#include <math.h>
#include <stdio.h>

// A joint solver family (the soak's --joint-solver and --tree).
typedef struct Family
{
	const char* name;
	ttJointSolverType solver;
	bool tree;
	/// Every chain's bodies end within their reach (RandomChain); false where that is still open.
	bool holdsReach;
} Family;

static ttWorldId CreateWorld( const Family* family, bool ground )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.substeps = 10; // the soak's settings, where the defect was found
	worldDef.iterations = 1;
	worldDef.jointSolver = family->solver;
	worldDef.jointTreeSolve = family->tree;
	worldDef.enableSleep = false;
	ttWorldId world = ttCreateWorld( &worldDef );
	if ( ground == false )
	{
		return world;
	}
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId groundBody = ttCreateBody( world, &groundDef );
	ttShapeDef shape = ttDefaultShapeDef();
	ttCreatePlaneShape( groundBody, &shape, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	return world;
}

static ttBodyId CreateBox( ttWorldId world, ttVec3 position, ttQuat rotation, ttVec3 half, double mass,
                           double restitution )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	def.rotation = rotation;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = (ttReal)( mass / ( 8.0 * (double)half.x * (double)half.y * (double)half.z ) );
	shape.restitution = (ttReal)restitution;
	ttCreateBoxShape( body, &shape, &( ttBox ){ half } );
	return body;
}

static void Ball( ttWorldId world, ttBodyId a, ttBodyId b, ttVec3 anchor )
{
	ttSphericalJointDef def = ttDefaultSphericalJointDef();
	def.base.bodyA = a;
	def.base.bodyB = b;
	def.base.localFrameA.p = ttBody_GetLocalPoint( a, anchor );
	def.base.localFrameB.p = ttBody_GetLocalPoint( b, anchor );
	ENSURE( TT_IS_NON_NULL( ttCreateSphericalJoint( world, &def ) ) );
}

// Part 1.
static void CheckHeavyLightHeavy( const Family* family, double restitution )
{
	ttWorldId world = CreateWorld( family, true );
	ttVec3 heavyHalf = { (ttReal)0.2, (ttReal)0.2, (ttReal)0.2 },
	       lightHalf = { (ttReal)0.05, (ttReal)0.05, (ttReal)0.05 };
	ttBodyId left = CreateBox( world, ( ttVec3 ){ -3, 2, 0 }, TT_QUAT_IDENTITY, heavyHalf, 1000, restitution );
	ttBodyId light = CreateBox( world, ( ttVec3 ){ 0, 2, 0 }, TT_QUAT_IDENTITY, lightHalf, 0.01, restitution );
	ttBodyId right = CreateBox( world, ( ttVec3 ){ 3, 2, 0 }, TT_QUAT_IDENTITY, heavyHalf, 1000, restitution );
	ttBody_SetLinearVelocity( left, ( ttVec3 ){ 5, 0, 0 } );
	ttBody_SetAngularVelocity( light, ( ttVec3 ){ 1, 2, 3 } );
	Ball( world, left, light, ( ttVec3 ){ -1.5f, 2, 0 } );
	Ball( world, light, right, ( ttVec3 ){ 1.5f, 2, 0 } );
	double e0 = TotalEnergy( world );
	double rise, kinetic;
	double ratio = RunEnergyBound( world, 600, &rise, &kinetic );
	printf( "%s: heavy-light-heavy dropped, restitution %.1f: E0 %.1f J, largest rise %.3g J (bound %.3g J), "
	        "E(10 s) %.1f J\n",
	        family->name, restitution, e0, rise, 0.01 * kinetic + 1e-3, TotalEnergy( world ) );
	ENSURE_BELOW( ratio, 1 );
	ttDestroyWorld( world );
}

// `count` boxes in a row starting 1 to 3 m up, each 1.5 to 6 m beyond the one before and clear of
// the ground, of 0.01 to 1000 kg, moving at up to 5 m/s and turning at up to 3 rad/s.
static void CreateRandomBoxes( ttWorldId world, ttBodyId* bodies, int count )
{
	ttVec3 previous = { 0, RandomRange( 1, 3 ), 0 };
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 position =
		    ttAdd( previous, ( ttVec3 ){ RandomRange( 1.5, 6 ), RandomRange( -0.5, 0.5 ), RandomRange( -1, 1 ) } );
		position.y = ttMaxReal( position.y, 1 ); // every box starts clear of the ground
		ttVec3 half = { RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ) };
		// Drawn one at a time: the order of a call's arguments is unspecified in C, and compilers
		// differ. This is the order gcc drew them in when the seeds named above were found.
		double restitution = RandomRange( 0, 0.5 );
		double mass = pow( 10, RandomRange( -2, 3 ) );
		ttQuat rotation = RandomRotation();
		bodies[i] = CreateBox( world, position, rotation, half, mass, restitution );
		ttBody_SetLinearVelocity( bodies[i], RandomVec( 5 ) );
		ttBody_SetAngularVelocity( bodies[i], RandomVec( 3 ) );
		previous = position;
	}
}

// A joint of `type` from a (the world where null) to b at a random point near the line from pa
// to b; returns that point.
static ttVec3 JoinRandomly( ttWorldId world, ttJointType type, ttBodyId a, ttBodyId b, ttVec3 pa )
{
	ttVec3 pb = ttBody_GetPosition( b );
	ttVec3 scatter = RandomVec( 1 ); // drawn in gcc's order of the arguments when the seeds were named
	ttReal along = RandomRange( -0.2, 1.2 );
	ttVec3 point = ttAdd( ttAdd( pa, ttScale( along, ttSub( pb, pa ) ) ), scatter );
	ttQuat frame = RandomRotation();
	ENSURE( TT_IS_NON_NULL( CreateRandomJoint( world, type, a, b, point, frame ) ) );
	return point;
}

// Parts 2 and 3: one random chain; returns the largest rise over the bound (pass < 1). Part 2's
// chains are free (three or four boxes) above the ground; part 3's have two or three boxes, the
// first on a joint to the world (its anchor up to 10 m from that box), with or without the ground.
//
// Every body must also end where its motion could have taken it (*reachOut < 1): a bounded energy
// does not make a sane motion (under SI with the tree solve, prismatic chains 23016 and 23025 of
// part 3 ended 8e7 m and 2e5 m away within the energy bound, trading potential energy for
// kinetic). A body of mass m never moves faster than sqrt(2 K / m), K the largest kinetic energy
// the scene reached, so in the 3 s it moves at most T sqrt(2 K / m) from where it started.
// Position-level corrections (XPBD's projections, the point-mass joints' pins) move a body beyond
// what its velocity carried it, by at most the chain's joint errors, which stay within the
// chain's length L: the polyline from the world's anchor (or the first box) through every joint's
// point and every box's centre at the start, plus 1.5 x 3 sqrt(3) m for each distance joint's
// rope (its far anchor is up to 3 sqrt(3) m from the joint's point, its length up to 1.5 times
// that). The bound is T sqrt(2 K / m) + L: no slack on either term.
static double RandomChain( const Family* family, uint64_t seed, ttJointType type, bool onWorld, bool ground,
                           double* riseOut, double* kineticOut, double* reachOut )
{
	SeedRandom( seed );
	ttWorldId world = CreateWorld( family, ground );
	int count = ( Random01() < 0.5 ? 3 : 4 ) - ( onWorld ? 1 : 0 );
	ttBodyId bodies[4];
	CreateRandomBoxes( world, bodies, count );
	ttVec3 start[4];
	for ( int i = 0; i < count; ++i )
	{
		start[i] = ttBody_GetPosition( bodies[i] );
	}
	double length = 0;
	for ( int i = onWorld ? 0 : 1; i < count; ++i )
	{
		ttBodyId a = i == 0 ? ttNullBodyId : bodies[i - 1];
		ttVec3 pa = i == 0 ? ttAdd( ttBody_GetPosition( bodies[0] ), RandomVec( 10 ) ) : ttBody_GetPosition( a );
		ttVec3 point = JoinRandomly( world, type, a, bodies[i], pa );
		length += (double)ttLength( ttSub( point, i == 0 ? point : start[i - 1] ) ) +
		          (double)ttLength( ttSub( start[i], point ) ) + ( type == ttJoint_distance ? 1.5 * 3 * sqrt( 3 ) : 0 );
	}
	const double seconds = 3;
	double ratio = RunEnergyBound( world, 180, riseOut, kineticOut );
	*reachOut = 0;
	for ( int i = 0; i < count; ++i )
	{
		double moved = (double)ttLength( ttSub( ttBody_GetPosition( bodies[i] ), start[i] ) );
		double reach = seconds * sqrt( 2 * *kineticOut / (double)ttBody_GetMass( bodies[i] ) ) + length;
		*reachOut = fmax( *reachOut, moved / reach );
	}
	ttDestroyWorld( world );
	return ratio;
}

// Parts 2 and 3: `scenes` chains of each joint type; each must stay within the bound.
static void CheckRandomChains( const Family* family, const char* what, uint64_t firstSeed, bool onWorld, bool ground )
{
	static const char* names[] = { "fixed", "hinge", "spherical", "prismatic", "distance", "generic" };
	static const ttJointType types[] = { ttJoint_fixed,     ttJoint_hinge,    ttJoint_spherical,
	                                     ttJoint_prismatic, ttJoint_distance, ttJoint_generic };
	const int scenes = 60;
	for ( int t = 0; t < 6; ++t )
	{
		double worst = 0, worstRise = 0, worstKinetic = 0, worstReach = 0;
		int worstSeed = 0, above = 0, beyond = 0, worstReachSeed = 0;
		for ( int k = 0; k < scenes; ++k )
		{
			uint64_t seed = firstSeed + (uint64_t)( 1000 * t + k );
			double rise, kinetic, reach;
			double ratio = RandomChain( family, seed, types[t], onWorld, ground, &rise, &kinetic, &reach );
			above += ratio >= 1 ? 1 : 0;
			beyond += reach >= 1 ? 1 : 0;
			if ( reach > worstReach )
			{
				worstReach = reach;
				worstReachSeed = (int)seed;
			}
			if ( ratio > worst )
			{
				worst = ratio;
				worstRise = rise;
				worstKinetic = kinetic;
				worstSeed = (int)seed;
			}
		}
		printf( "%s: %-9s: %d random %s, %d above the bound, worst rise %.3g J at largest kinetic energy %.3g J "
		        "(seed %d)\n",
		        family->name, names[t], scenes, what, above, worstRise, worstKinetic, worstSeed );
		printf( "%s: %-9s: %d beyond their reach, the farthest at %.3g of it (seed %d)\n", family->name, names[t],
		        beyond, worstReach, worstReachSeed );
		ENSURE_BELOW( worst, 1 );
		if ( family->holdsReach )
		{
			ENSURE_BELOW( worstReach, 1 );
		}
	}
}

int main( void )
{
	// In float the tree solve was left out until its blocks were solved in double (2026-11-28):
	// its step overflowed on the heavy-light-heavy drop and 17 of its 360 chains broke the bound.
	// The reach (RandomChain) holds under every family in both builds (measured 2026-11-28). Under
	// point-mass since the block's regularisation: in double fixed chain 20013 without the ground
	// had ended at 2.8 times it, in float chains 20001 and 21012 at 3.3 and 5.9. Under SI with the
	// tree solve since its engaged limits are solved in the tree, a limit's stop is not credited
	// back, and SI's biased move is bounded by its group's energy (ttJointEnergyGuard_BoundBiasedMove):
	// prismatic chains 23016 and 23025 without the ground had ended at 693 and 1,440 times it (a
	// limit solved alone after the tree's equalities pushed only its own joint's bodies, and the
	// tree handed the push on to the heavy body beyond). XPBD in float, below. docs/hardening.md.
	static const Family families[] = {
	    // XPBD in float holds the reach since 2026-11-28: hinge chain 21012 above the ground (part 3)
	    // ended at 1.12 times it, its 174 kg box walked 30 m down through the ground at rest, as the
	    // guard took back every lift of the chain's projections and kept every drop; it now takes
	    // back only a body's net lift (joint_solver_xpbd.c), and the chain ends at 0.2 of its reach.
	    { "xpbd", ttJointSolver_xpbd, false, true },
	    { "si", ttJointSolver_si, false, true },
	    { "si+tree", ttJointSolver_si, true, true },
	    { "pointmass", ttJointSolver_pointmass, false, true },
	};
	const int familyCount = (int)( sizeof( families ) / sizeof( families[0] ) );
	for ( int f = 0; f < familyCount; ++f )
	{
		CheckHeavyLightHeavy( families + f, 0 );
		CheckHeavyLightHeavy( families + f, 0.5 );
		CheckRandomChains( families + f, "free chains above a ground", 20000, false, true );
	}
	// Part 3 holds every family in both builds (measured 2026-11-28). SI and SI with the tree solve
	// broke it in double in 1 and 1 (seed 20001, 754 J at 4.3e3 J of kinetic energy) and 5 and 1
	// (seed 23016, 2.8e5 J at 7.8e5 J) until their guard took back the lift of their biased pass too
	// (joint_solver_si.c). In float 8 of the 360 XPBD chains without the ground and 3 with it rose
	// above the bound (to 13 times), each while still moving, as the float guard passed a rise of
	// half its tolerance (1e-3 of the kinetic energy) every other substep and forgave it when it
	// stepped in next (joint_solver_xpbd.c); now none does, the worst at 0.01 of the bound. In float
	// SI broke it in 2 and 0 (seeds 20038, 25020, to 5 times), SI with the tree solve in 1 and 0
	// (seed 23016, 4.2 times): where even none of the impulses' velocity brought a moving chain back
	// to its account, what was left (under a tolerance) stayed owed but faded by 0.9 a substep, and
	// a tenth of it passed for good every substep. Since its debts fade by 0.999 in float as XPBD's
	// do, none does (both 0 and 0).
	for ( int f = 0; f < familyCount; ++f )
	{
		CheckRandomChains( families + f, "chains on the world", 20000, true, false );
		CheckRandomChains( families + f, "chains on the world above a ground", 20000, true, true );
	}
	return TEST_RESULT();
}
