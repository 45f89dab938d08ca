// SPDX-License-Identifier: MIT
// Projectile motion (scenes/analytic_projectile.json): a sphere thrown from x0 = [0, 1, 0] with
// v0 = [3, 8, 1] m/s (and a spin, which must not matter) under g = [0, -9.81, 0], for 1.5 s, with
// 1, 4 and 20 substeps.
//
// Expected: Algorithm 2 with no constraints is symplectic Euler with h = dt / n. After N substeps
//   v_N = v0 + N h g,   x_N = x0 + N h v0 + h^2 g N (N + 1) / 2,
// which lies off the parabola x0 + v0 t + g t^2 / 2 by exactly g h t / 2 (t = N h).
// Checks, each with a round-off tolerance tol = 10 N eps S (S = 10 m the scale of the positions,
// eps the machine epsilon of the real type; for velocities tol / (N h) * N = 10 eps S / h since
// each velocity is a position difference divided by h):
// - |x - x_N| <= tol and |v - v_N| <= tol_v (the discrete prediction);
// - |x - parabola| <= |g| h t / 2 + tol (the analytic bound derived from h), and the deviation is
//   along g.
#include "validation.h"

#include <float.h>

#define SCENE "scenes/analytic_projectile.json"

int main( void )
{
	const int substepCounts[3] = { 1, 4, 20 };
	const double seconds = 1.5, scale = 10.0;
	const double eps = TT_REAL_IS_FLOAT ? (double)FLT_EPSILON : DBL_EPSILON;
	const double x0[3] = { 0, 1, 0 }, v0[3] = { 3, 8, 1 }, g[3] = { 0, -9.81, 0 };

	printf( "Projectile: x0 = [0, 1, 0], v0 = [3, 8, 1], %.1f s\n", seconds );
	printf( "substeps | |x - symplectic Euler| m | |v - symplectic Euler| m/s | |x - parabola| m | g h t / 2 m\n" );
	for ( int s = 0; s < 3; ++s )
	{
		int n = substepCounts[s];
		ttScene scene;
		tvLoadWith( SCENE, &scene, n, 1 );
		ttBodyId ball = tvBody( &scene, "ball" );
		int frames = tvFrames( seconds );
		tvStep( scene.worldId, frames );

		long long count = (long long)frames * n;
		double h = TV_TIME_STEP / n, t = count * h;
		ttVec3 xr = ttBody_GetPosition( ball ), vr = ttBody_GetLinearVelocity( ball );
		double x[3] = { (double)xr.x, (double)xr.y, (double)xr.z };
		double v[3] = { (double)vr.x, (double)vr.y, (double)vr.z };
		double dx2 = 0, dv2 = 0, dp2 = 0;
		for ( int i = 0; i < 3; ++i )
		{
			double xd = x0[i] + count * h * v0[i] + h * h * g[i] * (double)count * ( count + 1 ) / 2.0;
			double vd = v0[i] + count * h * g[i];
			double xp = x0[i] + v0[i] * t + 0.5 * g[i] * t * t;
			dx2 += ( x[i] - xd ) * ( x[i] - xd );
			dv2 += ( v[i] - vd ) * ( v[i] - vd );
			dp2 += ( x[i] - xp ) * ( x[i] - xp );
		}
		double lag = 0.5 * 9.81 * h * t;
		double tol = 10.0 * (double)count * eps * scale;
		double tolV = 10.0 * eps * scale / h;
		printf( "%8d | %24.3e | %26.3e | %16.6e | %.6e\n", n, sqrt( dx2 ), sqrt( dv2 ), sqrt( dp2 ), lag );

		ENSURE_BELOW( sqrt( dx2 ), tol );
		ENSURE_BELOW( sqrt( dv2 ), tolV );
		ENSURE_BELOW( sqrt( dp2 ), lag + tol );
		// the deviation from the parabola is the symplectic-Euler lag g h t / 2, below it
		ENSURE_NEAR( x[1] - ( x0[1] + v0[1] * t + 0.5 * g[1] * t * t ), -lag, tol );
		ttScene_Destroy( &scene );
	}
	return TEST_RESULT();
}
