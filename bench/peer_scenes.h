// SPDX-License-Identifier: MIT
// The scenes of shared/BENCHMARKS.md (and a sixth, rain) as plain data, so that every engine
// adapter builds exactly the same bodies and joints from one description instead of repeating
// the numbers. Vertical axis: +y in every engine (MuJoCo and ODE take any gravity direction).
// All bodies start unrotated; their mass and diagonal inertia are given explicitly so that no
// engine's own mass computation (or collision margin) changes the dynamics.
#pragma once

#include <stdbool.h>

#ifdef __cplusplus
extern "C"
{
#endif

#define PEER_GRAVITY 9.81
#define PEER_TIME_STEP ( 1.0 / 60.0 )
#define PEER_FRICTION 0.6
#define PEER_BOX_HALF 0.5
#define PEER_BOX_MASS 1.0
/// The ground: a static box 100 x 100 x 1 m whose top is at height 0.
#define PEER_GROUND_HALF_X 50.0
#define PEER_GROUND_HALF_Y 0.5
#define PEER_GROUND_HALF_Z 50.0

	typedef enum PeerShapeType
	{
		PeerShape_box,
		PeerShape_capsule, ///< segment along the body's x (axis 0) or y (axis 1) axis
		PeerShape_sphere,
	} PeerShapeType;

	typedef struct PeerBody
	{
		PeerShapeType shape;
		double position[3];
		double halfExtents[3]; ///< box
		double radius;         ///< capsule, sphere
		double halfLength;     ///< capsule: half the segment between the cap centres
		int axis;              ///< capsule: 0 = x, 1 = y
		double mass;
		double inertia[3]; ///< principal moments about the centre, body axes
	} PeerBody;

	/// A static box (ground, container walls).
	typedef struct PeerStatic
	{
		double position[3];
		double halfExtents[3];
	} PeerStatic;

	/// Ball joint between body a (-1: the world) and body b at a world point given at rest.
	typedef struct PeerJoint
	{
		int a, b;
		double anchor[3];
	} PeerJoint;

	typedef enum PeerSceneKind
	{
		PeerScene_heavyChain,
		PeerScene_rope,
		PeerScene_pyramid,
		PeerScene_pile,
		PeerScene_pyramidLarge,
		PeerScene_rain,
		PeerScene_count,
	} PeerSceneKind;

	typedef struct PeerScene
	{
		PeerSceneKind kind;
		const char* name;
		int steps;
		bool collisions; ///< false: joint-only scene, no contacts at all (and no ground)
		int bodyCount, staticCount, jointCount;
		PeerBody* bodies;
		PeerStatic* statics;
		PeerJoint* joints;
		/// rain: inner half width of the container, for the "escaped" count.
		double containerHalf;
	} PeerScene;

	/// Pose and velocity of a body after a step, as every adapter reports it.
	typedef struct PeerBodyState
	{
		double position[3];
		double rotation[4]; ///< unit quaternion w, x, y, z
		double velocity[3]; ///< linear velocity of the centre, world
	} PeerBodyState;

	/// Builds the scene (heap arrays); false when out of memory. Full-size in every mode: --quick
	/// shortens runs, not scenes. `side` > 0 resizes pile (columns per side, 10 as defined) and
	/// rain (spheres per side, 20 as defined) for the scaling curve; 0 builds them as defined.
	bool peerScene_Build( PeerSceneKind kind, int side, PeerScene* scene );
	void peerScene_Destroy( PeerScene* scene );

	/// One engine at one setting. create returns NULL and fills `why` when the engine cannot run the
	/// scene (MuJoCo's fixed arena, for example); that is a result to report, not a failure.
	typedef struct PeerEngine
	{
		const char* name;
		int settingCount;
		const char* const* settings; ///< a short description of each setting
		void* ( *create )( const PeerScene* scene, int setting, char* why, int whySize );
		/// Advances one 1/60 s step; false when the engine reports an error.
		bool ( *step )( void* sim );
		void ( *state )( void* sim, int body, PeerBodyState* out );
		void ( *destroy )( void* sim );
		/// Why the last step returned false (NULL: the engine gives no reason).
		const char* ( *problem )( void* sim );
	} PeerEngine;

	extern const PeerEngine peerTether;
	/// The broadphase's part of tether's steps (ttStepStats.pairMs), summed since the driver reset it.
	extern double peerTetherPairMs;
	/// tether-peers --substeps N: tether runs only its plain setting, at N substeps (0: as listed).
	extern int peerTetherSubsteps;
	/// tether-peers --threads N: tether steps on N worker threads (ttWorldDef.workerCount; default 1).
	extern int peerTetherThreads;
#ifdef PEER_HAVE_BULLET
	extern const PeerEngine peerBullet;
#endif
#ifdef PEER_HAVE_ODE
	extern const PeerEngine peerOde;
#endif
#ifdef PEER_HAVE_MUJOCO
	extern const PeerEngine peerMujoco;
#endif

#ifdef __cplusplus
}
#endif
