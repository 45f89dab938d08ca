// SPDX-License-Identifier: MIT
// Minimal test helpers: each check prints what it compared, so a failure says which number was
// off and by how much. A test program returns the number of failed checks (0 = pass).
#pragma once

#include <math.h>
#include <stdio.h>

static int tt_test_failures = 0;

#define ENSURE( condition )                                                                                            \
	do                                                                                                                 \
	{                                                                                                                  \
		if ( !( condition ) )                                                                                          \
		{                                                                                                              \
			fprintf( stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #condition );                                     \
			tt_test_failures += 1;                                                                                     \
		}                                                                                                              \
	} while ( 0 )

/// |actual - expected| <= tolerance, printed either way so the numbers are in the log.
#define ENSURE_NEAR( actual, expected, tolerance )                                                                     \
	do                                                                                                                 \
	{                                                                                                                  \
		double tt_a = (double)( actual ), tt_e = (double)( expected ), tt_t = (double)( tolerance );                   \
		int tt_ok = fabs( tt_a - tt_e ) <= tt_t;                                                                       \
		fprintf( tt_ok ? stdout : stderr, "%s %s:%d: %s = %.9g, expected %.9g +- %.3g\n", tt_ok ? "ok  " : "FAIL",     \
		         __FILE__, __LINE__, #actual, tt_a, tt_e, tt_t );                                                      \
		if ( !tt_ok )                                                                                                  \
		{                                                                                                              \
			tt_test_failures += 1;                                                                                     \
		}                                                                                                              \
	} while ( 0 )

/// actual < limit, printed either way.
#define ENSURE_BELOW( actual, limit )                                                                                  \
	do                                                                                                                 \
	{                                                                                                                  \
		double tt_a = (double)( actual ), tt_l = (double)( limit );                                                    \
		int tt_ok = tt_a < tt_l;                                                                                       \
		fprintf( tt_ok ? stdout : stderr, "%s %s:%d: %s = %.9g, limit %.9g\n", tt_ok ? "ok  " : "FAIL", __FILE__,      \
		         __LINE__, #actual, tt_a, tt_l );                                                                      \
		if ( !tt_ok )                                                                                                  \
		{                                                                                                              \
			tt_test_failures += 1;                                                                                     \
		}                                                                                                              \
	} while ( 0 )

#define TEST_RESULT() ( tt_test_failures == 0 ? 0 : 1 )
